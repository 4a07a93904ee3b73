// Chat retrieval (BM25 over transcript segments) and the model-free answer that quotes them.
import { describe, expect, it } from 'vitest';
import { answerLocally, clockTime, NOT_FOUND_ANSWER } from '#shared/providers/llm/local/chat.ts';
import { localLanguageModel } from '#shared/providers/llm/local/index.ts';
import type { ChatRequest, ChatSource, Segment } from '#shared/providers/types.ts';
import { normaliseLikeTranscript, retrieve } from '#shared/recordings/retrieval.ts';
import { MEETING_SCRIPT, normaliseForWer } from '../support/speech.ts';

// The flite meeting's script typed as the embedded ASR writes it: lower case, number words,
// no punctuation; turns alternate between two diarised speakers, ~4.5 s each.
const meeting: Segment[] = MEETING_SCRIPT.map((line, i) => ({
  speaker: line.speaker === 'A' ? 'SPEAKER_00' : 'SPEAKER_01',
  sentence: normaliseForWer(line.text).join(' '),
  start_time: i * 4.5,
  end_time: i * 4.5 + 3.8,
}));
const indexOf = (fragment: string) => meeting.findIndex((s) => s.sentence.includes(fragment));

describe('retrieve', () => {
  it('reads the meeting as ASR text', () => {
    expect(meeting[4]!.sentence).toBe("good let's meet next tuesday at three p m in room four to review the release");
  });

  it('answers "when do we meet?" with the Tuesday segment first', () => {
    const sources = retrieve(meeting, 'When do we meet?');
    expect(sources[0]).toEqual({
      segment_index: indexOf('next tuesday at three p m in room four'),
      speaker: 'SPEAKER_00',
      start_time: 18,
      end_time: 18 + 3.8,
      text: meeting[4]!.sentence,
    });
  });

  it('answers "who sends the budget?" with the action item for John', () => {
    const sources = retrieve(meeting, 'who sends the budget?');
    expect(sources[0]!.text).toBe('action item for john send the updated budget to finance by monday');
    expect(sources[0]!.segment_index).toBe(indexOf('action item for john'));
  });

  it('finds the segment of other questions, best first and at most k', () => {
    expect(retrieve(meeting, 'Who fixes the login bugs?')[0]!.text).toMatch(/fix the login bugs by friday/);
    expect(retrieve(meeting, 'When is the budget deadline?')[0]!.text).toMatch(/deadline for the budget report is december fifth/);
    expect(retrieve(meeting, 'When did the developers start?')[0]!.text).toMatch(/developers started yesterday/);
    expect(retrieve(meeting, 'meeting budget release send', 2)).toHaveLength(2);
  });

  it('finds nothing for a question the recording does not answer', () => {
    expect(retrieve(meeting, 'what is the capital of peru?')).toEqual([]);
    expect(retrieve(meeting, 'what is it?')).toEqual([]);
  });

  it('answers a "when" question whose words the transcript misheard with the passage naming a time', () => {
    const misheard = [
      { speaker: 'SPEAKER_00', sentence: 'good morning this is john blood sleep next tuesday at three p m m room for', start_time: 0, end_time: 5 },
      { speaker: 'SPEAKER_01', sentence: 'thanks john we talked about it last week', start_time: 5, end_time: 8 },
    ];
    expect(retrieve(misheard, 'When do we meet?').map((s) => s.segment_index)).toEqual([0]);
    expect(retrieve(misheard, 'Who is the vendor?')).toEqual([]);
  });

  it('copes with empty transcripts and with fewer segments than BM25 needs', () => {
    expect(retrieve([], 'when do we meet?')).toEqual([]);
    const two = meeting.slice(5, 7);
    expect(retrieve(two, 'who sends the budget?').map((s) => s.segment_index)).toEqual([1, 0]);
    expect(retrieve(two, 'what is the capital of peru?')).toEqual([]);
    expect(retrieve(meeting.slice(6, 7), 'send it to finance')).toEqual([expect.objectContaining({ segment_index: 0, speaker: 'SPEAKER_00' })]);
  });

  it('normalises questions and written transcripts like the ASR text', () => {
    expect(normaliseLikeTranscript('Meet at 3 PM on the 5th, room 4')).toBe('meet at three p m on the fifth, room four');
    expect(normaliseLikeTranscript('Call at 10:00 or 3:30pm')).toBe("call at ten o'clock or three thirty p m");
    const written: Segment[] = [
      { speaker: 'Ann', sentence: 'Budget review on December 5th.', start_time: 0, end_time: 2 },
      { speaker: 'Bob', sentence: 'The 3 designers finished.', start_time: 2, end_time: 4 },
      { speaker: 'Ann', sentence: 'Thanks everyone.', start_time: 4, end_time: 6 },
    ];
    expect(retrieve(written, 'what happens on december fifth?')[0]!.segment_index).toBe(0);
  });
});

const source = (index: number): ChatSource => {
  const s = meeting[index]!;
  return { segment_index: index, speaker: s.speaker, start_time: s.start_time, end_time: s.end_time, text: s.sentence };
};
const chat = (sources: readonly ChatSource[]): ChatRequest => ({
  question: 'When do we meet?',
  history: [],
  sources,
  context: { title: 'Planning', meetingDate: '2026-11-19T10:00:00Z' },
});

describe('answerLocally', () => {
  it('quotes the best passages with their time and speaker, best first', () => {
    const answer = answerLocally(chat([source(4), source(12), source(0)]));
    expect(answer.split('\n')).toEqual([
      `At 00:18, SPEAKER_00 said: “${meeting[4]!.sentence}”`,
      `At 00:54, SPEAKER_00 said: “${meeting[12]!.sentence}”`,
      `At 00:00, SPEAKER_00 said: “${meeting[0]!.sentence}”`,
    ]);
  });

  it('quotes at most three passages', () => {
    const answer = answerLocally(chat([1, 3, 5, 7, 9].map(source)));
    expect(answer.split('\n')).toHaveLength(3);
    expect(answer).toMatch(/^At 00:04, SPEAKER_01 said: “thanks today/);
    expect(answer).not.toContain(meeting[7]!.sentence);
  });

  it('says so when nothing was found', () => {
    expect(answerLocally(chat([]))).toBe('I could not find anything about that in this recording.');
    expect(NOT_FOUND_ANSWER).toBe('I could not find anything about that in this recording.');
  });

  it('writes times past an hour as h:mm:ss', () => {
    expect(clockTime(41)).toBe('00:41');
    expect(clockTime(3723.9)).toBe('1:02:03');
    expect(clockTime(Number.NaN)).toBe('00:00');
  });

  it('is what the embedded language model answers, with no tokens used', async () => {
    const sources = retrieve(meeting, 'When do we meet?');
    const result = await localLanguageModel().answer({ ...chat(sources), question: 'When do we meet?' });
    expect(result.text).toMatch(/^At 00:18, SPEAKER_00 said: “good let's meet next tuesday/);
    expect(result.usage).toEqual({ prompt_tokens: 0, completion_tokens: 0 });
  });
});
