// The offline diariser on flite meetings of two, three and four voices whose scripts and
// voices no test uses (the speaker turns are known from the script): diarisation error rate
// (missed + false alarm + confusion over the reference speech, optimal speaker mapping, NIST's
// 0.25 s collar; goal ≤ 15 %), and speaker-suggestion precision: the voices named after the first meeting (the
// mapped labels' embeddings saved as profiles) suggested on a second meeting of the same voices.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { suggestionsFor, type Profile } from '#shared/domain/speakers.ts';
import { readWavLayout } from '#shared/providers/asr/local/decode.ts';
import { diarize, type Diarization } from '#shared/providers/asr/local/diarize.ts';
import { diarizationErrorRate, type DerResult } from './lib/der.ts';
import { benchMeeting, BENCH_SCRIPTS, type BenchSpeech } from './lib/meetings.ts';
import type { Benchmark, Row } from './lib/types.ts';

const DER_GOAL = 0.15;
/** NIST RT's collar: the synthesised turns' bounds include flite's own leading and trailing silence. */
const COLLAR_SECONDS = 0.25;
const SECOND_MEETING = 'library move (second meeting)';
const MEETINGS: readonly (readonly [string, number])[] = [
  ['warehouse (2 voices)', 2],
  ['garden club (3 voices)', 3],
  ['school trip (4 voices)', 4],
];

interface Measured {
  readonly name: string;
  readonly voices: number;
  readonly seconds: number;
  readonly der: Omit<DerResult<number, string>, 'mapping'>;
  /** Without a collar. */
  readonly strictDer: number;
  readonly labels: number;
  readonly suggestions: { readonly made: number; readonly right: number; readonly labels: number };
}

async function diarizeMeeting(speech: BenchSpeech): Promise<Diarization> {
  return diarize(speech.path, await readWavLayout(speech.path));
}

/** The reference speaker a hypothesis label overlaps most. */
function truth(label: string, hyp: Diarization, ref: BenchSpeech): number | undefined {
  const talk = new Map<number, number>();
  for (const h of hyp.turns.filter((t) => t.label === label)) {
    for (const r of ref.turns ?? []) talk.set(r.speaker, (talk.get(r.speaker) ?? 0) + Math.max(0, Math.min(h.end, r.end) - Math.max(h.start, r.start)));
  }
  return [...talk].sort((a, b) => b[1] - a[1])[0]?.[0];
}

async function measure(dir: string, name: string, voices: number): Promise<Measured> {
  const first = await benchMeeting(join(dir, 'first'), name);
  const hyp = await diarizeMeeting(first);
  const labelled = hyp.turns.map((t) => ({ start: t.start, end: t.end, speaker: t.label }));
  const result = diarizationErrorRate(first.turns ?? [], labelled, { collar: COLLAR_SECONDS });
  const strictDer = diarizationErrorRate(first.turns ?? [], labelled).der;
  // Naming the first meeting's voices: each mapped label's embedding becomes its speaker's profile.
  const profiles: Profile[] = [...result.mapping].flatMap(([label, speaker]) => {
    const embedding = hyp.embeddings[label];
    return embedding ? [{ id: speaker, name: `voice ${speaker}`, voice_embedding: embedding }] : [];
  });
  const second = await benchMeeting(join(dir, 'second'), SECOND_MEETING, undefined, voices);
  const next = await diarizeMeeting(second);
  let made = 0;
  let right = 0;
  const labels = Object.keys(next.embeddings);
  for (const label of labels) {
    const top = suggestionsFor(next.embeddings[label], profiles, { top: 1 })[0];
    if (!top) continue;
    made++;
    if (top.speaker_id === truth(label, next, second)) right++;
  }
  const { mapping: _mapping, ...der } = result;
  return { name, voices, seconds: first.durationSeconds, der, strictDer, labels: Object.keys(hyp.embeddings).length, suggestions: { made, right, labels: labels.length } };
}

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;

function rowsOf(m: Measured): Row[] {
  const { der, suggestions: s } = m;
  return [
    {
      benchmark: `diarisation: DER (${m.name})`,
      measured: pct(der.der),
      goal: `≤ ${pct(DER_GOAL)}`,
      pass: der.der <= DER_GOAL,
      note: `${m.seconds.toFixed(1)} s, ${m.labels} labels for ${m.voices} voices; collar ${COLLAR_SECONDS} s: missed ${der.missed.toFixed(1)} s, false alarm ${der.falseAlarm.toFixed(1)} s, confusion ${der.confusion.toFixed(1)} s of ${der.total.toFixed(1)} s speech; without collar ${pct(m.strictDer)}`,
    },
    {
      benchmark: `diarisation: speaker suggestions on a second meeting (${m.voices} voices)`,
      measured: s.made > 0 ? `precision ${pct(s.right / s.made)} (${s.right}/${s.made})` : 'no suggestion',
      note: `${s.made} of ${s.labels} labels got a suggestion (similarity ≥ 60); profiles from the first meeting's labels`,
    },
  ];
}

export const asrDiarization: Benchmark = {
  name: 'asr-diarization',
  description: 'Offline diariser on unseen flite meetings of 2, 3 and 4 voices: DER (goal ≤ 15 %) and speaker-suggestion precision on a second meeting',
  async run({ quick, log }) {
    const dir = mkdtempSync(join(tmpdir(), 'verbatim-bench-diarization-'));
    try {
      if (!BENCH_SCRIPTS[SECOND_MEETING]) throw new Error('no second meeting script');
      const measured: Measured[] = [];
      for (const [i, [name, voices]] of MEETINGS.entries()) {
        if (quick && i > 0) break;
        const m = await measure(join(dir, `m${i}`), name, voices);
        log(`${name}: DER ${pct(m.der.der)}, suggestions ${m.suggestions.right}/${m.suggestions.made}`);
        measured.push(m);
      }
      return { rows: measured.flatMap(rowsOf), data: { derGoal: DER_GOAL, measured } };
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
