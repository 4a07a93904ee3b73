// The search engine on its own: query parsing, phrases, prefixes, typos, highlights, and a
// library that replaces a recording's passages and survives being stored and loaded.
import { describe, expect, it } from 'vitest';
import { parseQuery, runQuery } from '#shared/search/engine.ts';
import { putRecording } from '#shared/search/documents.ts';
import { Library, type RecordingContent } from '#shared/search/library.ts';

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
});

describe('Library', () => {
  it('indexes a Markdown summary as the text a reader sees, and marks the words there', () => {
    const library = Library.empty(3);
    const summary = '## Decisions\n\n- **SPEAKER_00**: the *budget* moves to [May](https://example.com/may)\n- [x] send the `draft` notes';
    putRecording(library, recording(1, ['words'], { summary }));
    const hits = runQuery(library.index, 'budget', { combineWith: 'AND' });
    expect(hits.map((h) => h.doc.text)).toEqual(['SPEAKER_00: the budget moves to May']);
    expect(hits[0]!.highlights).toEqual([[16, 22]]);
    expect(texts(library, 'decisions')).toEqual(['Decisions']);
    expect(texts(library, 'draft')).toEqual(['send the draft notes']);
    expect(texts(library, 'example')).toEqual([]);
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
});
