// Calendar events from spoken sentences written for this test (none of them was used to shape
// the rules; each rule has its own unit test in local-events.test.ts): a meeting on Thursday
// 19 November 2026 at 15:00 UTC (16:00 in Berlin, 10:00 in New York), each sentence with the
// event a person would put in a calendar, in wall-clock time, or none. The same table runs in
// two zones; accuracy must reach 90 % in each, and every miss is printed.
import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import { extractEventsLocally } from '#shared/providers/llm/local/events.ts';

const MEETING = '2026-11-19T15:00:00Z';
const GOAL = 0.9;

/** [sentence, start, end, location] in wall-clock time, or [sentence, null] for no event. */
type Row = readonly [string, string, string, string] | readonly [string, null];

const TABLE: readonly Row[] = [
  ["Let's meet next Tuesday at 3 pm in room 4.", '2026-11-24T15:00', '2026-11-24T16:00', 'Room 4'],
  ['Can we do a call tomorrow at ten?', '2026-11-20T10:00', '2026-11-20T11:00', ''],
  ['The budget review meeting is on the 5th of December at 11 am.', '2026-12-05T11:00', '2026-12-05T12:00', ''],
  ["We'll have lunch together on Monday at noon at the Berlin office.", '2026-11-23T12:00', '2026-11-23T13:00', 'Berlin office'],
  ['The workshop runs from 2 to 3 pm on Wednesday.', '2026-11-25T14:00', '2026-11-25T15:00', ''],
  ["Let's sync on Friday at half past two.", '2026-11-20T14:30', '2026-11-20T15:30', ''],
  ['The interview with the new designer is on Monday from 10 am to 11:30 am in the small meeting room.', '2026-11-23T10:00', '2026-11-23T11:30', 'Small meeting room'],
  ["I'll present the roadmap at the demo on December 3rd at 4 pm.", '2026-12-03T16:00', '2026-12-03T17:00', ''],
  ['We met on Monday to discuss the budget.', null],
  ['The office is closed on Friday.', null],
  ['If the client calls on Tuesday, we will reschedule.', null],
  ["We can't meet on Wednesday at 9 am.", null],
  ["Let's catch up tomorrow at 4 pm on Zoom.", '2026-11-20T16:00', '2026-11-20T17:00', 'Zoom'],
  ['How about a meeting next Monday at 9:30 in conference room B?', '2026-11-23T09:30', '2026-11-23T10:30', 'Conference room B'],
  ['The deadline for the final report is December 10th.', '2026-12-10T09:00', '2026-12-10T10:00', ''],
  ['Dinner with the partners on Saturday at 7 pm at the Grand Hotel.', '2026-11-21T19:00', '2026-11-21T20:00', 'Grand Hotel'],
  ['Please send the slides before the call on Tuesday at 2 pm.', '2026-11-24T14:00', '2026-11-24T15:00', ''],
  ["Last week's meeting on Tuesday was useful.", null],
  ["Let's get together on the 1st of December at 10:15 in the library.", '2026-12-01T10:15', '2026-12-01T11:15', 'Library'],
  ['The presentation will be on Monday, November 30th at 13:00.', '2026-11-30T13:00', '2026-11-30T14:00', ''],
  ['Team standup tomorrow at nine thirty in the kitchen.', '2026-11-20T09:30', '2026-11-20T10:30', 'Kitchen'],
  ['Our quarterly planning session is scheduled for December 2nd from 9 am to 12 pm at the Munich office.', '2026-12-02T09:00', '2026-12-02T12:00', 'Munich office'],
  ['The appointment with the auditor is on Tuesday at quarter past eleven.', '2026-11-24T11:15', '2026-11-24T12:15', ''],
  ['We should meet sometime next week.', null],
  ['Why was the meeting on Monday cancelled?', null],
  ['The conference starts on the 7th of December in Berlin.', '2026-12-07T09:00', '2026-12-07T10:00', 'Berlin'],
  ["Let's have a call on Wednesday at 5 in the evening.", '2026-11-25T17:00', '2026-11-25T18:00', ''],
  ["I'll call you on Friday at 8 am.", '2026-11-20T08:00', '2026-11-20T09:00', ''],
  ['The deadline is Monday.', '2026-11-23T09:00', '2026-11-23T10:00', ''],
  ["Let's meet on Tuesday at 11 am in the lobby, not on Monday.", '2026-11-24T11:00', '2026-11-24T12:00', 'Lobby'],
  ['The team watched a demo yesterday.', null],
  ['Friday at 3 pm works for the design review.', '2026-11-20T15:00', '2026-11-20T16:00', ''],
  ['Shall we meet in the cafeteria at 12:30 tomorrow?', '2026-11-20T12:30', '2026-11-20T13:30', 'Cafeteria'],
  ['Meeting with Anna on December 4th at 3:45 pm.', '2026-12-04T15:45', '2026-12-04T16:45', ''],
];

const utc = (wall: string, zone: string): string => new Date(Temporal.PlainDateTime.from(wall).toZonedDateTime(zone).epochMilliseconds).toISOString();

function outcome(row: Row, zone: string): string | undefined {
  const [sentence, start] = row;
  const events = extractEventsLocally({ segments: [{ speaker: 'SPEAKER_00', sentence, start_time: 0, end_time: 5 }], summary: '', context: { title: 'Planning', meetingDate: MEETING, timeZone: zone } });
  const got = events.map((e) => `${new Date(e.start_datetime).toISOString()}–${new Date(e.end_datetime).toISOString()} [${e.location}]`);
  const wanted = start === null ? [] : [`${utc(start, zone)}–${utc(row[2]!, zone)} [${row[3]}]`];
  return JSON.stringify(got) === JSON.stringify(wanted) ? undefined : `${sentence}\n    wanted ${JSON.stringify(wanted)}\n    got    ${JSON.stringify(got)}`;
}

describe('calendar events from a table of spoken sentences', () => {
  it('has at least 30 sentences, proposals and non-proposals', () => {
    expect(TABLE.length).toBeGreaterThanOrEqual(30);
    expect(TABLE.filter((r) => r[1] === null).length).toBeGreaterThanOrEqual(6);
  });

  it.each(['Europe/Berlin', 'America/New_York'])('finds the right start, end and place in %s', (zone) => {
    const misses = TABLE.map((row) => outcome(row, zone)).filter((m): m is string => m !== undefined);
    const accuracy = 1 - misses.length / TABLE.length;
    console.log(`${zone}: ${TABLE.length - misses.length}/${TABLE.length} right (${(accuracy * 100).toFixed(1)} %)${misses.length ? `\n  ${misses.join('\n  ')}` : ''}`);
    expect(accuracy).toBeGreaterThanOrEqual(GOAL);
  });
});
