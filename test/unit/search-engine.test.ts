// The search engine on its own: query parsing, phrases, prefixes, typos, highlights, and a
// library that replaces a recording's passages and survives being stored and loaded.
import MiniSearch from 'minisearch';
import { describe, expect, it } from 'vitest';
import { INDEX_OPTIONS, parseQuery, runQuery, type SearchDoc } from '#shared/search/engine.ts';
import { putRecording } from '#shared/search/documents.ts';
import { Library, type RecordingContent, type StoredLibrary } from '#shared/search/library.ts';
import { summarizeLocally } from '#shared/providers/llm/local/summarize.ts';
import type { SummaryRequest } from '#shared/providers/types.ts';

const recording = (id: number, sentences: string[], extra: Partial<RecordingContent> = {}): RecordingContent => ({
  id, title: `Recording ${id}`, status: 'COMPLETED', meeting_date: '2026-01-01T00:00:00Z', created_at: '2026-01-01T00:00:00Z', tag_ids: [], notes: '', summary: '',
  segments: sentences.map((sentence, i) => ({ speaker: 'SPEAKER_00', sentence, start_time: i * 2, end_time: i * 2 + 2 })),
  ...extra,
});

const texts = (library: Library, q: string) => runQuery(library.index, q, { combineWith: 'AND' }).map((h) => h.doc.text);

describe('parseQuery', () => {
  it('splits phrases, prefixes and words, lower-cased and without accents', () => {
    expect(parseQuery('"Marketing  Plan" budg* Café')).toEqual({ phrases: [['marketing', 'plan']], words: [{ term: 'budg', prefix: true }, { term: 'cafe', prefix: false }] });
    expect(parseQuery('"unclosed phrase')).toEqual({ phrases: [['unclosed', 'phrase']], words: [] });
  });
});

describe('runQuery', () => {
  const library = Library.empty(1);
  putRecording(library, recording(1, ['We discussed the marketing plan.', 'The plan for marketing is late.', 'The quarterly budget grew.']));

  it('keeps phrase hits to the words in order and highlights them', () => {
    const hits = runQuery(library.index, '"marketing plan"', { combineWith: 'AND' });
    expect(hits.map((h) => h.doc.segment_index)).toEqual([0]);
    expect(hits[0]!.highlights).toEqual([[17, 26], [27, 31]]);
  });

  it('matches prefixes, and a typo only in words of five letters or more', () => {
    expect(texts(library, 'budg*')).toEqual(['The quarterly budget grew.']);
    expect(texts(library, 'quartrly')).toEqual(['The quarterly budget grew.']);
    expect(texts(library, 'plam')).toEqual([]);
  });

  it('requires every word', () => {
    expect(texts(library, 'budget marketing')).toEqual([]);
  });

  it('answers a question (any word) by its content words: no passage is found or marked for "the" alone', () => {
    const hits = runQuery(library.index, 'What did the budget do?', { combineWith: 'OR' });
    expect(hits.map((h) => h.doc.text)).toEqual(['The quarterly budget grew.']);
    expect(hits[0]!.highlights).toEqual([[14, 20]]);
    expect(runQuery(library.index, 'the', { combineWith: 'OR' }).length).toBe(3);
  });

  // Written for this test: "price" is one letter from "prize", "bugdet" a typo of "budget".
  it('answers a question without the near misses of words it found as typed, and with those of a word it found only through a typo', () => {
    const fair = Library.empty(3);
    putRecording(fair, recording(1, ['we decided to keep the ticket price at five pounds', 'the raffle prizes are in the cupboard', 'the budget for the stage is tight']));
    const asked = (q: string) => runQuery(fair.index, q, { combineWith: 'OR' }).map((h) => h.doc.segment_index);
    expect(asked('What did we decide about the ticket price?')).toEqual([0]);
    expect(asked('Is the bugdet for the prizes tight?').sort()).toEqual([1, 2]);
    // Search keeps a typo's matches, as its query language says.
    expect(runQuery(fair.index, 'price', { combineWith: 'AND' }).map((h) => h.doc.segment_index).sort()).toEqual([0, 1]);
  });
});

describe('runQuery over word forms', () => {
  const library = Library.empty(2);
  putRecording(library, recording(1, ['Let us talk about the hiring plan.', 'I think we should hire two engineers.', 'Nobody was hired last year.', 'The fire drill is on Monday.']));
  const marked = (q: string, combineWith: 'AND' | 'OR' = 'AND') =>
    runQuery(library.index, q, { combineWith }).map((h) => h.highlights.map(([a, b]) => h.doc.text.slice(a, b)).join(' '));

  it('finds any form of a word and marks the form the text uses, the form asked for first', () => {
    const forms = marked('hiring');
    expect(forms[0]).toBe('hiring');
    expect(forms.slice(1).sort()).toEqual(['hire', 'hired']);
    expect(marked('hires').sort()).toEqual(['hire', 'hired', 'hiring']);
    expect(marked('engineer')).toEqual(['engineers']);
  });

  it('answers a question in other forms than the transcript\'s', () => {
    expect(marked('What did they decide about hiring engineers?', 'OR')[0]).toBe('hire engineers');
  });

  it('keeps prefixes and phrases to the words as written', () => {
    expect(marked('hiri*')).toEqual(['hiring']);
    expect(marked('"hiring plan"')).toEqual(['hiring plan']);
    expect(marked('"hire plan"')).toEqual([]);
    expect(marked('drills')).toEqual(['drill']);
  });
});

describe('Library', () => {
  it('indexes a Markdown summary as the text a reader sees, and marks the words there', () => {
    const library = Library.empty(3);
    const summary = '## Decisions\n\n- **SPEAKER_00**: the *budget* moves to [May](https://example.com/may)\n- [x] send the `draft` notes';
    putRecording(library, recording(1, ['words'], { summary }));
    const hits = runQuery(library.index, 'budget', { combineWith: 'AND' });
    expect(hits.map((h) => h.doc.text)).toEqual(['SPEAKER_00: the budget moves to May']);
    expect(hits[0]!.highlights).toEqual([[16, 22]]);
    expect(texts(library, 'draft')).toEqual(['send the draft notes']);
    expect(texts(library, 'example')).toEqual([]);
  });

  it('indexes what a summary says, not its frame: headings and wholly emphasised asides are left out', () => {
    const library = Library.empty(3);
    const summary = [
      '## Decisions', '', '_Written by a model; check the figures._', '',
      'The *decisions* were to hire two people.', '', '## Open questions', '', '_None found._', '',
      '- _tentatively_ moving the launch', '', '> **_quoted_** aside stays: it is a quote',
    ].join('\n');
    putRecording(library, recording(1, ['words'], { summary }));
    expect(texts(library, 'decisions')).toEqual(['The decisions were to hire two people.']);
    expect(texts(library, 'questions')).toEqual([]);
    expect(texts(library, 'figures')).toEqual([]);
    expect(texts(library, 'found')).toEqual([]);
    expect(texts(library, 'tentatively')).toEqual(['tentatively moving the launch']);
    expect(texts(library, 'quoted')).toEqual(['quoted aside stays: it is a quote']);
  });

  it('finds the embedded engine’s summary by what was said, never by the words every summary carries', () => {
    const library = Library.empty(3);
    const segments = [
      { speaker: 'SPEAKER_00', sentence: 'We agreed the warehouse lease ends in March.', start_time: 0, end_time: 4 },
      { speaker: 'SPEAKER_01', sentence: 'Priya will call the landlord by Friday.', start_time: 4, end_time: 8 },
    ];
    const request: SummaryRequest = { segments, prompt: '', context: { title: 'Lease', meetingDate: '2026-11-02T10:00:00Z' } };
    const summary = summarizeLocally(request);
    putRecording(library, recording(1, [], { summary }));
    const summaryHits = (q: string) => runQuery(library.index, q, { combineWith: 'AND' }).filter((h) => h.doc.field === 'summary').map((h) => h.doc.text);
    for (const frame of ['summary', 'action items', 'decisions', 'engine', 'quoted', 'conversation', 'prompt']) expect(summaryHits(frame), frame).toEqual([]);
    expect(summaryHits('landlord').length).toBeGreaterThan(0);
  });

  it('replaces a recording’s passages, removes them, and survives storing', () => {
    const library = Library.empty(7);
    putRecording(library, recording(1, ['old words here']));
    putRecording(library, recording(1, ['new words here'], { notes: 'First note.\n\nSecond note about budgets.' }));
    expect(texts(library, 'old')).toEqual([]);
    expect(runQuery(library.index, 'budgets', { combineWith: 'AND' }).map((h) => [h.doc.field, h.doc.segment_index])).toEqual([['notes', 1]]);
    const loaded = Library.fromStored(JSON.parse(JSON.stringify(library.toStored())));
    expect(texts(loaded, 'new')).toEqual(['new words here']);
    loaded.remove(1);
    expect(texts(loaded, 'new')).toEqual([]);
    expect(loaded.recordings.size).toBe(0);
  });

  it('indexes an object stored before stems (version 1) again when loading it, and stores it as version 2', () => {
    const library = Library.empty(8);
    putRecording(library, recording(1, ['We are hiring two engineers.']));
    const current = library.toStored();
    const v1 = new MiniSearch<SearchDoc>({ ...INDEX_OPTIONS, processTerm: (term: string) => term.toLowerCase() });
    v1.addAll(current.recordings['1']!.docs.map((id) => ({ ...(library.index.getStoredFields(id) as Omit<SearchDoc, 'id'>), id })));
    const stored: StoredLibrary = JSON.parse(JSON.stringify({ ...current, version: 1, index: v1.toJSON() }));
    expect(runQuery(MiniSearch.loadJS(stored.index, INDEX_OPTIONS), 'hired', { combineWith: 'AND' })).toEqual([]);
    const loaded = Library.fromStored(stored);
    expect(texts(loaded, 'hired')).toEqual(['We are hiring two engineers.']);
    expect(texts(loaded, 'Recording')).toEqual(['Recording 1']);
    expect(loaded.toStored().version).toBe(2);
  });
});
