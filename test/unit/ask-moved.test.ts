// "When is …?" after the time was moved: the answer quotes the move said after the first time,
// so the reader sees where the talk ended and not only where it began. Meetings written for
// these tests (other people, things and words than the meeting that showed the gap), typed the
// way the embedded recogniser writes (lower case, number words) and the way a person types.
import { describe, expect, it } from 'vitest';
import type { Segment } from '#shared/providers/types.ts';
import { answerLocally } from '#shared/providers/llm/local/chat.ts';
import { answerSources } from '#shared/recordings/retrieval.ts';

const meeting = (lines: readonly string[]): Segment[] =>
  lines.map((line, i) => {
    const [speaker, sentence] = line.split(': ');
    return { speaker: speaker!, sentence: sentence!, start_time: i * 5, end_time: i * 5 + 4 };
  });
const said = (segments: readonly Segment[], question: string): string[] => answerSources(segments, question).map((s) => s.text);

describe('a "when" question about a thing whose time was moved', () => {
  const garden = meeting([
    'Ines: the soil delivery for the allotment is on thursday at nine',
    'Tomas: nine is tricky i have the school run',
    'Ines: okay make it ten thirty',
    'Tomas: great and the shed still needs a new lock',
    'Ines: i will pick one up at the hardware shop',
  ]);

  it('quotes the move right after the time it changes', () => {
    const lines = said(garden, 'When is the soil delivery?');
    expect(lines.slice(0, 2)).toEqual(['the soil delivery for the allotment is on thursday at nine', 'okay make it ten thirty']);
  });

  it('shows both in the answer the embedded model quotes', () => {
    const answer = answerLocally({ question: 'When is the soil delivery?', history: [], sources: answerSources(garden, 'When is the soil delivery?'), context: { title: 'Allotment', meetingDate: '' } });
    expect(answer).toContain('make it ten thirty');
  });

  it('reads a day offered instead, a push to another day and "let\'s say" alike', () => {
    const choir = meeting([
      'Priya: The extra rehearsal for the spring concert is on Wednesday at 7.',
      'Dev: Half the tenors are away on Wednesday.',
      "Priya: Fine, let's do Friday instead.",
      'Dev: I will tell the tenors tonight.',
    ]);
    expect(said(choir, 'When is the extra rehearsal?').slice(0, 2)).toEqual([
      'The extra rehearsal for the spring concert is on Wednesday at 7.',
      "Fine, let's do Friday instead.",
    ]);
    const office = meeting([
      'Noor: the fire alarm test is tuesday at eleven',
      'Sam: the auditors are in on tuesday morning',
      'Noor: then we push the test to wednesday',
      'Sam: good i will email the building manager',
    ]);
    expect(said(office, 'When is the fire alarm test?').slice(0, 2)).toEqual(['the fire alarm test is tuesday at eleven', 'then we push the test to wednesday']);
    const clinic = meeting(['Ana: the flu jab clinic opens monday at two', 'Lee: two clashes with the staff meeting', "Ana: let's say three then", 'Lee: fine']);
    expect(said(clinic, 'When does the flu jab clinic open?').slice(0, 2)).toEqual(['the flu jab clinic opens monday at two', "let's say three then"]);
  });

  it('adds nothing when the time said later is another thing\'s or no time at all', () => {
    const club = meeting([
      'Ines: the quiz night is on friday at eight',
      'Tomas: and the raffle prizes need collecting on thursday',
      'Ines: okay make it a short quiz then',
      'Tomas: sounds good',
    ]);
    expect(said(club, 'When is the quiz night?')).toEqual(['the quiz night is on friday at eight']);
  });

  it('keeps a time said after a question of its own, as before', () => {
    const flat = meeting(['Rae: the landlord wants an inspection of the flat', 'Kit: when suits him', 'Rae: he said tuesday at ten', 'Kit: fine']);
    expect(said(flat, 'When is the inspection?').slice(0, 2)).toEqual(['the landlord wants an inspection of the flat', 'he said tuesday at ten']);
  });
});
