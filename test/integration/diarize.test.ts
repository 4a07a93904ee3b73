// The offline diariser on synthesised meetings (Debian flite and sox; the end-to-end check also
// needs ffmpeg, pocketsphinx and pocketsphinx-en-us): who spoke when, and voice embeddings that
// stay comparable across two recordings of the same voices.
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cosine } from '#shared/providers/asr/local/cluster.ts';
import { readWavLayout } from '#shared/providers/asr/local/decode.ts';
import { diarize, type Diarization } from '#shared/providers/asr/local/diarize.ts';
import { localTranscriber } from '#shared/providers/asr/local/engine.ts';
import { GAP_SECONDS, makeMeeting, makeMeetingFrom, type Meeting, type ScriptLine, type Speaker } from '../support/speech.ts';

const root = join(tmpdir(), `verbatim-diarize-test-${process.pid}`);

/** Same voices as the first meeting, other sentences. */
const SECOND_SCRIPT: readonly ScriptLine[] = [
  { speaker: 'A', text: 'Hello again, this is the second meeting about the warehouse project.' },
  { speaker: 'B', text: 'Right. The shipping costs went up by almost twenty percent last quarter.' },
  { speaker: 'A', text: 'We could move some deliveries to the northern route.' },
  { speaker: 'B', text: 'That would take longer, but customers might accept it.' },
  { speaker: 'A', text: 'Ask the sales team what they think before Thursday.' },
  { speaker: 'B', text: 'I already sent them a short survey this morning.' },
  { speaker: 'A', text: 'Excellent. Then we decide at the board meeting next month.' },
  { speaker: 'B', text: 'Agreed. I will prepare the slides and the numbers.' },
];

interface TruthTurn {
  readonly start: number;
  readonly end: number;
  readonly speaker: Speaker;
}

/** The script turns' times, from the per-turn WAV files the meeting was joined from. */
async function truthTurns(meeting: Meeting): Promise<TruthTurn[]> {
  const turns: TruthTurn[] = [];
  let at = 0;
  for (const [i, line] of meeting.script.entries()) {
    const { durationSeconds } = await readWavLayout(join(dirname(meeting.path), `turn-${i}.wav`));
    turns.push({ start: at, end: at + durationSeconds, speaker: line.speaker });
    at += durationSeconds + GAP_SECONDS;
  }
  return turns;
}

const overlap = (a: { start: number; end: number }, b: { start: number; end: number }) => Math.max(0, Math.min(a.end, b.end) - Math.max(a.start, b.start));

/** The truth turn a span overlaps most. */
const truthOf = (span: { start: number; end: number }, truth: readonly TruthTurn[]) =>
  truth.reduce((best, t) => (overlap(span, t) > overlap(span, best) ? t : best), truth[0]!);

/**
 * Fraction of `items` (each a span with a label) on the right voice, for the better of the two
 * label ↔ voice mappings; and that mapping (voice → label).
 */
function scored(items: readonly { start: number; end: number; label: string }[], truth: readonly TruthTurn[]) {
  const mappings: Record<Speaker, string>[] = [{ A: 'SPEAKER_00', B: 'SPEAKER_01' }, { A: 'SPEAKER_01', B: 'SPEAKER_00' }];
  const results = mappings.map((mapping) => ({ mapping, accuracy: items.filter((i) => mapping[truthOf(i, truth).speaker] === i.label).length / Math.max(1, items.length) }));
  return results.reduce((a, b) => (b.accuracy > a.accuracy ? b : a));
}

/** Per script turn: the label covering most of its time. */
function labelsOfTurns(result: Diarization, truth: readonly TruthTurn[]) {
  return truth.map((t) => {
    const byLabel = new Map<string, number>();
    for (const turn of result.turns) byLabel.set(turn.label, (byLabel.get(turn.label) ?? 0) + overlap(turn, t));
    const label = [...byLabel].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 'none';
    return { start: t.start, end: t.end, label };
  });
}

async function timedDiarize(meeting: Meeting, options: Parameters<typeof diarize>[2] = {}) {
  const layout = await readWavLayout(meeting.path);
  const started = performance.now();
  const result = await diarize(meeting.path, layout, options);
  const seconds = (performance.now() - started) / 1000;
  return { result, rtf: seconds / layout.durationSeconds, seconds };
}

let first: Meeting;
let second: Meeting;
beforeAll(async () => {
  [first, second] = await Promise.all([makeMeeting(join(root, 'first')), makeMeetingFrom(join(root, 'second'), SECOND_SCRIPT)]);
}, 120_000);
afterAll(() => rm(root, { recursive: true, force: true }));

describe('offline diariser', () => {
  let firstResult: Diarization;
  let firstMapping: Record<Speaker, string>;

  it('finds the two voices of the flite meeting and puts ≥ 90 % of the turns on the right label', async () => {
    const truth = await truthTurns(first);
    await timedDiarize(first); // warm-up (module load, meyda's filter bank)
    const { result, rtf, seconds } = await timedDiarize(first);
    const { accuracy, mapping } = scored(labelsOfTurns(result, truth), truth);
    const turnsByTime = scored(result.turns, truth).accuracy;
    console.log(`[diarize] meeting 1: ${Object.keys(result.embeddings).length} labels, ${result.turns.length} turns, script turns right ${(accuracy * 100).toFixed(1)} %, diariser turns right ${(turnsByTime * 100).toFixed(1)} %, ${seconds.toFixed(2)} s, RTF ${rtf.toFixed(4)}`);
    expect(Object.keys(result.embeddings)).toEqual(['SPEAKER_00', 'SPEAKER_01']);
    expect(result.turns[0]!.label).toBe('SPEAKER_00');
    expect(accuracy).toBeGreaterThanOrEqual(0.9);
    expect(turnsByTime).toBeGreaterThanOrEqual(0.9);
    expect(rtf).toBeLessThan(0.2); // measured ≈ 0.01 on an idle core
    for (const e of Object.values(result.embeddings)) {
      expect(e).toHaveLength(26);
      expect(Math.hypot(...e)).toBeCloseTo(1, 3);
    }
    firstResult = result;
    firstMapping = mapping;
  });

  it('gives one label with maxSpeakers 1, and two with min = max = 2', async () => {
    const one = (await timedDiarize(first, { maxSpeakers: 1 })).result;
    expect(Object.keys(one.embeddings)).toEqual(['SPEAKER_00']);
    expect(new Set(one.turns.map((t) => t.label))).toEqual(new Set(['SPEAKER_00']));
    const two = (await timedDiarize(first, { minSpeakers: 2, maxSpeakers: 2 })).result;
    expect(Object.keys(two.embeddings)).toHaveLength(2);
  });

  it('gives the same voice a similar embedding in another recording (fixed normalisation)', async () => {
    const truth = await truthTurns(second);
    const { result } = await timedDiarize(second);
    const { accuracy, mapping } = scored(labelsOfTurns(result, truth), truth);
    expect(Object.keys(result.embeddings)).toHaveLength(2);
    expect(accuracy).toBeGreaterThanOrEqual(0.9);
    const score = (a: Speaker, b: Speaker) => Math.round(100 * cosine(firstResult.embeddings[firstMapping[a]]!, result.embeddings[mapping[b]]!));
    const same = { A: score('A', 'A'), B: score('B', 'B') };
    const different = { AB: score('A', 'B'), BA: score('B', 'A') };
    console.log(`[diarize] meeting 2: script turns right ${(accuracy * 100).toFixed(1)} %; cosine×100 across recordings: same voice A ${same.A}, B ${same.B}; different voices A→B ${different.AB}, B→A ${different.BA}`);
    expect(same.A).toBeGreaterThanOrEqual(60);
    expect(same.B).toBeGreaterThanOrEqual(60);
    expect(different.AB).toBeLessThan(50);
    expect(different.BA).toBeLessThan(50);
  });

  it('labels the transcript segments by speaker end to end (localTranscriber)', async () => {
    const truth = await truthTurns(first);
    const started = performance.now();
    const result = await localTranscriber({ tmpDir: root }).transcribe({ audioPath: first.path, mimeType: 'audio/wav' });
    const wall = (performance.now() - started) / 1000;
    const segments = result.segments.map((s) => ({ start: s.start_time, end: s.end_time, label: s.speaker }));
    const { accuracy } = scored(segments, truth);
    console.log(`[diarize] end to end: ${segments.length} segments, ${(accuracy * 100).toFixed(1)} % on the right speaker, wall ${wall.toFixed(2)} s (RTF ${(wall / result.durationSeconds).toFixed(3)})`);
    expect(new Set(segments.map((s) => s.label))).toEqual(new Set(['SPEAKER_00', 'SPEAKER_01']));
    expect(segments[0]!.label).toBe('SPEAKER_00');
    expect(accuracy).toBeGreaterThanOrEqual(0.9);
    const embeddings = result.speakerEmbeddings ?? {};
    expect(Object.keys(embeddings).sort()).toEqual(['SPEAKER_00', 'SPEAKER_01']);
    expect(embeddings.SPEAKER_00!.length).toBe(embeddings.SPEAKER_01!.length);
    expect(embeddings.SPEAKER_00!.length).toBeGreaterThan(0);
  }, 120_000); // the whole engine; other test files share the 2 cores

  it('falls back to one speaker when the diariser fails', async () => {
    vi.resetModules();
    vi.doMock('#shared/providers/asr/local/diarize.ts', () => ({ diarize: () => Promise.reject(new Error('diariser broke')) }));
    try {
      const engine = await import('#shared/providers/asr/local/engine.ts');
      const result = await engine.localTranscriber({ tmpDir: root }).transcribe({ audioPath: second.path, mimeType: 'audio/wav' });
      expect(result.segments.length).toBeGreaterThan(0);
      expect(new Set(result.segments.map((s) => s.speaker))).toEqual(new Set(['SPEAKER_00']));
      expect(result.speakerEmbeddings).toBeUndefined();
    } finally {
      vi.doUnmock('#shared/providers/asr/local/diarize.ts');
      vi.resetModules();
    }
  }, 120_000);
});
