// Sentence ends from the speaker's pauses in an unpunctuated machine transcript, and what the
// offline summary (action items, the sentence quoted for a key date) and events make of them. The lines are written for these tests: "|" marks a
// pause of 0.35 s, "~" one of 0.05 s; every other gap is 0.01 s, as a recogniser times fluent speech.
import { describe, expect, it } from 'vitest';
import { dateReference, findActionItems, localLanguageModel } from '#shared/providers/llm/local/index.ts';
import { extractEventsLocally } from '#shared/providers/llm/local/events.ts';
import { withPauseBreaks } from '#shared/text/pauses.ts';
import type { Segment, Word } from '#shared/providers/types.ts';

const MEETING = '2026-11-19T10:00:00Z'; // a Thursday
const ref = dateReference(MEETING)!;

/** A segment as the recogniser gives it: the words with their times, the text without the marks. */
function timed(marked: string, speaker = 'SPEAKER_00'): Segment {
  const words: Word[] = [];
  let clock = 1;
  for (const token of marked.split(' ')) {
    if (token === '|' || token === '~') {
      clock += token === '|' ? 0.35 : 0.05;
      continue;
    }
    words.push({ word: token, start: clock, end: clock + 0.3, confidence: 0.9 });
    clock += 0.31;
  }
  return { speaker, sentence: words.map((w) => w.word).join(' '), start_time: words[0]!.start, end_time: clock, words };
}

describe('withPauseBreaks', () => {
  it.each([
    ['we should order new laptops before april | i will ask finance for the money by thursday', 'we should order new laptops before april. i will ask finance for the money by thursday'],
    ["the vendor sent the quote | we'll sign it next week", "the vendor sent the quote. we'll sign it next week"],
    ["the room is booked | let's start with the roadmap", "the room is booked. let's start with the roadmap"],
    ['i will | send you the report tomorrow', 'i will send you the report tomorrow'],
    ['please forward the invoice | you know the one from october', 'please forward the invoice you know the one from october'],
    ['the draft is ready ~ we should publish it', 'the draft is ready we should publish it'],
    // A name commits after a pause as a pronoun does; a pause inside a noun phrase is a hesitation.
    ['the board approved the hiring plan | maria will draft the offer letters', 'the board approved the hiring plan. maria will draft the offer letters'],
    ['thanks for the numbers | kofi should check them before we publish', 'thanks for the numbers. kofi should check them before we publish'],
    ['we hired a new | intern will start on monday', 'we hired a new intern will start on monday'],
    ['the roadmap goes to the | board will vote on it', 'the roadmap goes to the board will vote on it'],
    ['the slides are done ~ ingrid will present them', 'the slides are done ingrid will present them'],
  ])('%j', (marked, expected) => {
    expect(withPauseBreaks(timed(marked))).toBe(expected);
  });

  it('leaves a punctuated line, a line without words and words that do not spell the line as they are', () => {
    const punctuated = { ...timed('the draft is ready | we should publish it'), sentence: 'The draft is ready, we should publish it' };
    expect(withPauseBreaks(punctuated)).toBe('The draft is ready, we should publish it');
    expect(withPauseBreaks({ sentence: 'the draft is ready we should publish it' })).toBe('the draft is ready we should publish it');
    const edited = { ...timed('the draft is ready | we should publish it'), sentence: 'the draft is nearly ready we should publish it' };
    expect(withPauseBreaks(edited)).toBe('the draft is nearly ready we should publish it');
    const malformed = { sentence: 'a b', words: [{ word: 'a' }, null] } as unknown as Segment;
    expect(withPauseBreaks(malformed)).toBe('a b');
  });
});

describe('the offline engine on an unpunctuated line with pauses', () => {
  it('ends a commitment where the speaker paused before the next one, each with its own due date', () => {
    const line = timed('we should order new laptops before april | i will ask finance for the money by tuesday');
    expect(findActionItems([line], ref).map((i) => [i.owner, i.task, i.due?.label])).toEqual([
      ['SPEAKER_00', 'order new laptops', 'Apr 2027'],
      ['SPEAKER_00', 'ask finance for the money', 'Tue 24 Nov 2026'],
    ]);
  });

  it('gives a named speaker the commitment said after a pause, with its date', () => {
    const line = timed('hello everyone the board approved the hiring plan | maria will draft the offer letters by december tenth');
    expect(findActionItems([line], ref).map((i) => [i.owner, i.task, i.due?.label])).toEqual([['Maria', 'draft the offer letters', 'Thu 10 Dec 2026']]);
  });

  it('gives a deadline the task said with its date, not the sentence before it', () => {
    const line = timed('the printer will need new toner soon | you should call the technician by monday');
    const found = extractEventsLocally({ segments: [line], summary: '', context: { title: 'Office', meetingDate: MEETING } });
    expect(found.map((e) => [e.title, e.start_datetime])).toEqual([['Deadline: call the technician', '2026-11-23T09:00:00+00:00']]);
  });

  it('quotes for a key date the sentence that says it, not the whole line', async () => {
    const line = timed('the audit of the warehouse went well overall | we will file the final report by friday');
    const { markdown } = await localLanguageModel().summarize({ segments: [line], prompt: 'Summarise.', context: { title: 'Audit', meetingDate: MEETING } });
    expect(markdown).toContain('- **Fri 20 Nov 2026**: we will file the final report by friday (SPEAKER_00, 00:01)');
  });
});

describe('key dates of a punctuated line', () => {
  it('quote the sentence with the date, and a line of one sentence whole', async () => {
    const summarize = (sentence: string) =>
      localLanguageModel().summarize({ segments: [{ speaker: 'Ines', sentence, start_time: 3, end_time: 12 }], prompt: 'Summarise.', context: { title: 'Ops', meetingDate: MEETING } });
    const { markdown } = await summarize('Thanks for coming, everyone. The vendor demo moved to next Wednesday at ten. Lunch is on me!');
    expect(markdown).toContain('- **Wed 25 Nov 2026 10:00**: The vendor demo moved to next Wednesday at ten. (Ines, 00:03)');
    expect((await summarize('The demo is on the 3rd of December.')).markdown).toContain('- **Thu 3 Dec 2026**: The demo is on the 3rd of December. (Ines, 00:03)');
    // "p.m." ends no sentence: the quote keeps the day said after it.
    expect((await summarize('The audit call is at 4 p.m. on Monday. Bring coffee.')).markdown).toContain('- **Mon 23 Nov 2026 16:00**: The audit call is at 4 p.m. on Monday. (Ines, 00:03)');
  });
});
