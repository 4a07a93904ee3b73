// Speakers, pure rules: cosine similarity, suggestions, the 70/30 voice-profile average and its
// confidence, names in segments and participants, and self-introductions.
import { describe, expect, it } from 'vitest';
import {
  assignNames,
  carriedNames,
  confidence,
  cosine,
  introductions,
  labelsOf,
  namesFromAnswer,
  participantsOf,
  renameInParticipants,
  renameInSegments,
  suggestionsFor,
  updateProfile,
  type LabelledSegment,
  type VoiceProfile,
} from '#shared/domain/speakers.ts';

const seg = (speaker: string, sentence = 'words', label?: string): LabelledSegment => ({ speaker, sentence, start_time: 0, end_time: 1, ...(label ? { label } : {}) });

describe('cosine similarity', () => {
  it.each([
    { a: [1, 0], b: [1, 0], want: 1 },
    { a: [1, 0], b: [0, 1], want: 0 },
    { a: [1, 0], b: [-1, 0], want: -1 },
    { a: [1, 1], b: [1, 0], want: Math.SQRT1_2 },
    { a: [3, 4, 0], b: [6, 8, 0], want: 1 },
  ])('$a · $b = $want', ({ a, b, want }) => {
    expect(cosine(a, b)).toBeCloseTo(want, 12);
  });

  it.each([
    { why: 'different dimensions', a: [1, 0, 0], b: [1, 0] },
    { why: 'empty vectors', a: [], b: [] },
    { why: 'a zero vector', a: [0, 0], b: [1, 0] },
  ])('is null for $why (never compared)', ({ a, b }) => {
    expect(cosine(a, b)).toBeNull();
  });
});

describe('suggestions', () => {
  const profiles = [
    { id: 1, name: 'Maria', voice_embedding: [1, 0, 0] },
    { id: 2, name: 'John', voice_embedding: [0.8, 0.6, 0] },
    { id: 3, name: 'Ana', voice_embedding: [0.6, 0.8, 0] },
    { id: 4, name: 'Li', voice_embedding: [0.9, 0.1, 0.1] },
    { id: 5, name: 'Old model', voice_embedding: [1, 0] },
    { id: 6, name: 'No profile', voice_embedding: null },
  ];

  it('ranks by similarity × 100 with one decimal, keeps the top 3 at or above 60, never compares other dimensions', () => {
    expect(suggestionsFor([1, 0, 0], profiles)).toEqual([
      { speaker_id: 1, name: 'Maria', similarity: 100 },
      { speaker_id: 4, name: 'Li', similarity: 98.8 },
      { speaker_id: 2, name: 'John', similarity: 80 },
    ]);
  });

  it.each([
    { threshold: 60, top: 10, want: [1, 4, 2, 3] },
    { threshold: 80, top: 10, want: [1, 4, 2] },
    { threshold: 80.1, top: 10, want: [1, 4] },
    { threshold: 0, top: 2, want: [1, 4] },
  ])('threshold $threshold, top $top → $want', ({ threshold, top, want }) => {
    expect(suggestionsFor([1, 0, 0], profiles, { threshold, top }).map((s) => s.speaker_id)).toEqual(want);
  });

  it('rounds to one decimal', () => {
    const [s] = suggestionsFor([1, 1, 0], [{ id: 9, name: 'X', voice_embedding: [1, 0, 0] }]);
    expect(s!.similarity).toBe(70.7);
  });

  it('is empty without an embedding', () => {
    expect(suggestionsFor(undefined, profiles)).toEqual([]);
    expect(suggestionsFor([], profiles)).toEqual([]);
  });
});

describe('voice profile update', () => {
  const empty: VoiceProfile = { voice_embedding: null, embedding_count: 0, similarity_history: [], confidence_score: 0 };

  it('starts with the normalised first sample, confidence 0.5', () => {
    const p = updateProfile(empty, [3, 4]);
    expect(p.voice_embedding).toEqual([0.6, 0.8]);
    expect(p).toMatchObject({ embedding_count: 1, similarity_history: [], confidence_score: 0.5 });
  });

  it('moves 70 % old / 30 % new and normalises', () => {
    const p = updateProfile({ ...empty, voice_embedding: [1, 0], embedding_count: 1 }, [0, 2]);
    const norm = Math.hypot(0.7, 0.3);
    expect(p.voice_embedding![0]).toBeCloseTo(0.7 / norm, 6);
    expect(p.voice_embedding![1]).toBeCloseTo(0.3 / norm, 6);
    expect(p.embedding_count).toBe(2);
    expect(p.similarity_history).toEqual([0]);
  });

  it('approaches a repeated voice and keeps the last 5 similarities', () => {
    let p = updateProfile(empty, [1, 0, 0]);
    for (let i = 0; i < 7; i++) p = updateProfile(p, [0.9, 0.3, 0.1]);
    expect(cosine(p.voice_embedding!, [0.9, 0.3, 0.1])).toBeGreaterThan(0.999);
    expect(p.embedding_count).toBe(8);
    expect(p.similarity_history).toHaveLength(5);
    expect(p.confidence_score).toBeGreaterThan(0.99);
  });

  it('starts afresh when the sample has another dimension (the embedding model changed)', () => {
    const p = updateProfile({ voice_embedding: [1, 0], embedding_count: 4, similarity_history: [0.9], confidence_score: 0.7 }, [0, 0, 5]);
    expect(p).toEqual({ voice_embedding: [0, 0, 1], embedding_count: 1, similarity_history: [], confidence_score: 0.5 });
  });

  it.each([
    { history: [], count: 0, want: 0 },
    { history: [], count: 1, want: 0.5 },
    { history: [0.9], count: 2, want: 0.36 },
    { history: [0.9, 0.8, 1, 0.9], count: 5, want: 0.9 },
    { history: [0.8, 0.8], count: 12, want: 0.8 },
  ])('confidence of $history after $count samples is $want', ({ history, count, want }) => {
    expect(confidence(history, count)).toBeCloseTo(want, 3);
  });
});

describe('names in segments', () => {
  const segments = [seg('SPEAKER_00', 'a'), seg('SPEAKER_01', 'b'), seg('SPEAKER_00', 'c'), seg('SPEAKER_10', 'd'), seg('SPEAKER_02', 'e')];

  it('lists labels in label order with counts and names', () => {
    const named = assignNames(segments, { SPEAKER_01: 'John' });
    expect(labelsOf(named)).toEqual([
      { label: 'SPEAKER_00', identified_name: null, segment_count: 2 },
      { label: 'SPEAKER_01', identified_name: 'John', segment_count: 1 },
      { label: 'SPEAKER_02', identified_name: null, segment_count: 1 },
      { label: 'SPEAKER_10', identified_name: null, segment_count: 1 },
    ]);
  });

  it('keeps the label on named segments, so a later assignment finds it; null puts the label back', () => {
    const once = assignNames(segments, { SPEAKER_00: 'Maria', SPEAKER_01: 'John' });
    expect(once[0]).toEqual({ speaker: 'Maria', sentence: 'a', start_time: 0, end_time: 1, label: 'SPEAKER_00' });
    const twice = assignNames(once, { SPEAKER_00: 'Marie', SPEAKER_01: null });
    expect(twice.map((s) => s.speaker)).toEqual(['Marie', 'SPEAKER_01', 'Marie', 'SPEAKER_10', 'SPEAKER_02']);
    expect(twice.map((s) => s.label)).toEqual(['SPEAKER_00', 'SPEAKER_01', 'SPEAKER_00', undefined, undefined]);
  });

  it('leaves segments without a label alone', () => {
    expect(labelsOf([seg('Alice'), seg('Bob')])).toEqual([]);
    expect(assignNames([seg('Alice')], { SPEAKER_00: 'X' })).toEqual([seg('Alice')]);
  });

  it('renames a name (case-insensitively) but never a label', () => {
    const { segments: out, changed } = renameInSegments([seg('John', 'a', 'SPEAKER_01'), seg('john'), seg('Maria'), seg('SPEAKER_00')], 'John', 'Jonathan');
    expect(changed).toBe(2);
    expect(out.map((s) => s.speaker)).toEqual(['Jonathan', 'Jonathan', 'Maria', 'SPEAKER_00']);
    expect(out[0]!.label).toBe('SPEAKER_01');
  });

  it.each([
    { speakers: ['Maria', 'John', 'Maria', 'SPEAKER_02'], want: 'Maria, John' },
    { speakers: ['SPEAKER_00', 'SPEAKER_01'], want: '' },
    { speakers: ['john', 'John ', 'Ana'], want: 'john, Ana' },
  ])('participants of $speakers are "$want"', ({ speakers, want }) => {
    expect(participantsOf(speakers.map((s) => seg(s)))).toBe(want);
  });

  it.each([
    { participants: 'Maria, John', want: 'Maria, Jonathan' },
    { participants: 'maria,john,  Guest', want: 'maria, Jonathan, Guest' },
    { participants: 'Maria, Jonathan, John', want: 'Maria, Jonathan' },
    { participants: 'Maria, Johnny', want: 'Maria, Johnny' },
    { participants: '', want: '' },
  ])('renaming John in "$participants" gives "$want"', ({ participants, want }) => {
    expect(renameInParticipants(participants, 'John', 'Jonathan')).toBe(want);
  });
});

describe('names a transcript made again takes from the one it replaces', () => {
  const at = (speaker: string, start: number, end: number, label?: string): LabelledSegment => ({ speaker, sentence: 'words', start_time: start, end_time: end, ...(label ? { label } : {}) });
  // Maria spoke 0–10 and 20–30, Tom 10–20; Tom's label was never named in the second case.
  const before = [at('Maria', 0, 10, 'SPEAKER_00'), at('Tom', 10, 20, 'SPEAKER_01'), at('Maria', 20, 30, 'SPEAKER_00')];

  it('gives each voice its name again, whichever label the new diarisation gave it', () => {
    expect(carriedNames(before, [at('SPEAKER_00', 0, 9.5), at('SPEAKER_01', 10.2, 19.8), at('SPEAKER_00', 20, 30)])).toEqual({ SPEAKER_00: 'Maria', SPEAKER_01: 'Tom' });
    // Labels swapped and turns cut at other moments.
    expect(carriedNames(before, [at('SPEAKER_01', 0, 4), at('SPEAKER_01', 4, 11), at('SPEAKER_00', 11, 20), at('SPEAKER_01', 20, 29)])).toEqual({ SPEAKER_01: 'Maria', SPEAKER_00: 'Tom' });
  });

  it('names only the labels that were named, and never two labels alike', () => {
    const onlyMaria = [at('Maria', 0, 10, 'SPEAKER_00'), at('SPEAKER_01', 10, 20), at('Maria', 20, 30, 'SPEAKER_00')];
    expect(carriedNames(onlyMaria, [at('SPEAKER_00', 0, 10), at('SPEAKER_01', 10, 20), at('SPEAKER_00', 20, 30)])).toEqual({ SPEAKER_00: 'Maria' });
    // One voice before ("Maria" for both), two now: the one that spoke most of her time keeps the name.
    const merged = [at('Maria', 0, 30, 'SPEAKER_00')];
    expect(carriedNames(merged, [at('SPEAKER_00', 0, 10), at('SPEAKER_01', 10, 20), at('SPEAKER_00', 20, 30)])).toEqual({ SPEAKER_00: 'Maria' });
  });

  it('gives no name to a voice that spoke mostly outside the named one\'s turns', () => {
    // SPEAKER_00 (0–8) is all Maria's; SPEAKER_01 (8–30) is more Maria's (12 s) than Tom's
    // (10 of 22 s), but Maria is surely SPEAKER_00, and under half of it is Tom's.
    expect(carriedNames(before, [at('SPEAKER_00', 0, 8), at('SPEAKER_01', 8, 30)])).toEqual({ SPEAKER_00: 'Maria' });
  });

  it('carries nothing from a transcript without names, or to one without labels', () => {
    expect(carriedNames([at('SPEAKER_00', 0, 10)], [at('SPEAKER_00', 0, 10)])).toEqual({});
    expect(carriedNames(before, [])).toEqual({});
  });
});

describe('self-introductions', () => {
  it.each([
    { sentence: "hi, i'm maria", want: 'Maria' },
    { sentence: 'Hello everyone, I am John and I run sales.', want: 'John' },
    { sentence: 'this is john', want: 'John' },
    { sentence: 'my name is Ana Lopez, nice to meet you', want: 'Ana Lopez' },
    { sentence: "my name's li", want: 'Li' },
    { sentence: "it's maria here", want: 'Maria' },
    { sentence: 'this is Peter speaking', want: 'Peter' },
  ])('"$sentence" → $want', ({ sentence, want }) => {
    expect(introductions([seg('SPEAKER_00', sentence)])).toEqual({ SPEAKER_00: want });
  });

  it.each(["i'm not sure", 'I am going to share my screen', 'this is great', "i'm sorry, this is the plan", "it's raining", 'I am fine'])('finds no name in "%s"', (sentence) => {
    expect(introductions([seg('SPEAKER_00', sentence)])).toEqual({});
  });

  it('gives each label its own name, the strongest phrasing winning, by the kept label once named', () => {
    const segments = [
      seg('SPEAKER_00', 'this is bob'),
      seg('SPEAKER_01', "hi, i'm maria"),
      seg('Someone', 'actually my name is robert', 'SPEAKER_00'),
      seg('SPEAKER_02', "i'm maria too"),
    ];
    expect(introductions(segments)).toEqual({ SPEAKER_00: 'Robert', SPEAKER_01: 'Maria' });
  });
});

describe("a language model's answer", () => {
  it.each([
    { text: '{"SPEAKER_00": "Maria", "SPEAKER_01": "John"}', want: { SPEAKER_00: 'Maria', SPEAKER_01: 'John' } },
    { text: 'Sure:\n```json\n{"SPEAKER_00": " Maria  Lopez ", "SPEAKER_09": "X"}\n```', want: { SPEAKER_00: 'Maria Lopez' } },
    { text: '{"SPEAKER_00": "unknown", "SPEAKER_01": 3, "SPEAKER_02": "SPEAKER_01"}', want: {} },
    { text: 'I cannot tell.', want: {} },
    { text: '{not json}', want: {} },
    { text: '["Maria"]', want: {} },
  ])('$text → $want', ({ text, want }) => {
    expect(namesFromAnswer(text, ['SPEAKER_00', 'SPEAKER_01', 'SPEAKER_02'])).toEqual(want);
  });
});
