// Calendar events found by the embedded language model in ASR-style sentences (lower case, spoken
// numbers, little punctuation), resolved against the meeting date.
import { describe, expect, it } from 'vitest';
import { extractEventsLocally, findLocation } from '#shared/providers/llm/local/events.ts';
import type { EventsRequest } from '#shared/providers/types.ts';

const MEETING = '2026-11-19T10:00:00Z';

function request(sentences: readonly string[], meetingDate = MEETING): EventsRequest {
  return {
    segments: sentences.map((sentence, i) => ({ speaker: `SPEAKER_0${i % 2}`, sentence, start_time: i * 5, end_time: i * 5 + 4 })),
    summary: '',
    context: { title: 'Planning', meetingDate },
  };
}

const events = (sentences: readonly string[], meetingDate?: string) => extractEventsLocally(request(sentences, meetingDate));

describe('local calendar-event extraction', () => {
  it('finds the meeting next Tuesday at 3 pm in room 4, for an hour, with a title from the sentence', () => {
    const sentence = "let's meet next tuesday at three p m in room four to review the release";
    expect(events([sentence])).toEqual([
      {
        title: 'Meeting: review the release',
        start_datetime: '2026-11-24T15:00:00+00:00',
        end_datetime: '2026-11-24T16:00:00+00:00',
        description: sentence,
        location: 'Room 4',
      },
    ]);
  });

  it('reads wall-clock times in the meeting date offset', () => {
    const [event] = events(["let's meet next tuesday at three p m in room four to review the release"], '2026-11-19T10:00:00+01:00');
    expect(event).toMatchObject({ start_datetime: '2026-11-24T15:00:00+01:00', end_datetime: '2026-11-24T16:00:00+01:00' });
    expect(new Date(event!.start_datetime).toISOString()).toBe('2026-11-24T14:00:00.000Z');
  });

  it('turns a deadline on a day into a 09:00 event named after what is due', () => {
    expect(events(['the deadline for the budget report is december fifth'])).toEqual([
      {
        title: 'Deadline: budget report',
        start_datetime: '2026-12-05T09:00:00+00:00',
        end_datetime: '2026-12-05T10:00:00+00:00',
        description: 'the deadline for the budget report is december fifth',
        location: '',
      },
    ]);
    expect(events(['i will fix the login bugs by friday'])).toMatchObject([{ title: 'Deadline: fix the login bugs', start_datetime: '2026-11-20T09:00:00+00:00' }]);
  });

  it('keeps a spoken end time', () => {
    expect(events(["let's meet from 2 to 4 pm on monday at the office"])).toMatchObject([
      { start_datetime: '2026-11-23T14:00:00+00:00', end_datetime: '2026-11-23T16:00:00+00:00', location: 'Office' },
    ]);
  });

  it('finds nothing in greetings, "now", the past, vague spans or talk without an appointment', () => {
    for (const sentence of ['good morning', 'right now', 'we met last week', 'good morning everyone thanks for joining', 'we had a meeting on monday', "let's meet next week", 'the design is finished and the developers started yesterday', 'the weather on friday looks nice']) {
      expect(events([sentence]), sentence).toEqual([]);
    }
  });

  it('drops appointments before the meeting and negated ones', () => {
    expect(events(["let's meet today at 9 am"])).toEqual([]);
    expect(events(["we can't meet on friday at 2 pm"])).toEqual([]);
  });

  it('keeps one event per start time', () => {
    const said = ["let's meet next tuesday at three p m in room four to review the release", 'so the meeting is next tuesday at three p m'];
    expect(events(said)).toHaveLength(1);
  });

  it('splits sentences without breaking "p.m."', () => {
    const [meeting, lunch] = events(["Let's meet next Tuesday at 3 p.m. in room four to review the release. Then lunch on Friday at noon."]);
    expect(meeting).toMatchObject({ title: 'Meeting: review the release', location: 'Room 4', description: "Let's meet next Tuesday at 3 p.m. in room four to review the release." });
    expect(lunch).toMatchObject({ title: 'Lunch', start_datetime: '2026-11-20T12:00:00+00:00' });
  });

  it('normalises spoken locations', () => {
    expect(findLocation('in room four to review')).toBe('Room 4');
    expect(findLocation('in conference room two oh five')).toBe('Conference room 205');
    expect(findLocation('at the office')).toBe('Office');
    expect(findLocation('in room forty two')).toBe('Room 42');
    expect(findLocation('on zoom')).toBe('Zoom');
    expect(findLocation('nothing here')).toBe('');
  });

  it('is deterministic and never throws on odd input', () => {
    const said = ["let's meet next tuesday at three p m in room four to review the release", 'the deadline for the budget report is december fifth', "i can call the vendor at ten o'clock tomorrow"];
    const first = events(said);
    expect(first).toHaveLength(3);
    for (let i = 0; i < 5; i += 1) expect(events(said)).toEqual(first);
    expect(events(said, 'not a date')).toEqual([]);
    expect(extractEventsLocally({ segments: [null, { sentence: 42 }] as never, summary: '', context: { title: '', meetingDate: MEETING } })).toEqual([]);
  });
});
