// The embedded speech engine against the stock decoder it wraps, side by side on the same
// audio: `pocketsphinx_continuous -infile x.wav` with its defaults, and localTranscriber(). On
// real human read speech (pocketsphinx-testdata) and flite meetings whose scripts and voices no
// test uses. Word error rates, their ratio (goal ≤ 0.9) and the engine's real-time factor.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { localTranscriber } from '#shared/providers/asr/local/engine.ts';
import { normaliseForWer, wordErrorRate } from '../support/speech.ts';
import { benchMeeting, realSpeech, type BenchSpeech } from './lib/meetings.ts';
import type { Benchmark, Row } from './lib/types.ts';

const run = promisify(execFile);
const RATIO_GOAL = 0.9;
const RTF_GOAL = 0.25;

interface Measured {
  readonly name: string;
  readonly source: string;
  readonly seconds: number;
  readonly words: number;
  readonly stockWer: number;
  readonly oursWer: number;
  readonly stockRtf: number;
  readonly oursRtf: number;
}

async function stockTranscript(path: string): Promise<string> {
  const { stdout } = await run('pocketsphinx_continuous', ['-infile', path, '-logfn', '/dev/null'], { maxBuffer: 1 << 24 });
  return stdout;
}

async function measure(speech: BenchSpeech, log: (m: string) => void): Promise<Measured> {
  const engine = localTranscriber();
  let started = performance.now();
  const stock = await stockTranscript(speech.path);
  const stockSeconds = (performance.now() - started) / 1000;
  started = performance.now();
  const result = await engine.transcribe({ audioPath: speech.path, mimeType: 'audio/wav', language: 'en' });
  const oursSeconds = (performance.now() - started) / 1000;
  const ours = result.segments.map((s) => s.sentence).join(' ');
  const m: Measured = {
    name: speech.name,
    source: speech.source,
    seconds: speech.durationSeconds,
    words: normaliseForWer(speech.reference).length,
    stockWer: wordErrorRate(speech.reference, stock),
    oursWer: wordErrorRate(speech.reference, ours),
    stockRtf: stockSeconds / speech.durationSeconds,
    oursRtf: oursSeconds / speech.durationSeconds,
  };
  log(`${speech.name}: ours ${pct(m.oursWer)} vs stock ${pct(m.stockWer)}, RTF ${m.oursRtf.toFixed(3)} (stock ${m.stockRtf.toFixed(3)}), load ${loadavg()[0]!.toFixed(1)}`);
  return m;
}

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;

export const asrAccuracy: Benchmark = {
  name: 'asr-accuracy',
  description: 'Embedded ASR vs stock pocketsphinx_continuous on real read speech and unseen flite meetings: WER side by side, ratio, RTF',
  async run({ quick, log }) {
    const dir = mkdtempSync(join(tmpdir(), 'verbatim-bench-asr-accuracy-'));
    try {
      const inputs = [await realSpeech(join(dir, 'real')), await benchMeeting(join(dir, 'm2'), 'warehouse (2 voices)')];
      if (!quick) inputs.push(await benchMeeting(join(dir, 'm3'), 'garden club (3 voices)'));
      const measured: Measured[] = [];
      for (const speech of inputs) measured.push(await measure(speech, log));
      const rows: Row[] = measured.map((m) => ({
        benchmark: `asr: WER ours vs stock (${m.name})`,
        measured: `${pct(m.oursWer)} vs ${pct(m.stockWer)} · ratio ${(m.oursWer / m.stockWer).toFixed(2)}`,
        goal: `ratio ≤ ${RATIO_GOAL}`,
        pass: m.oursWer <= RATIO_GOAL * m.stockWer,
        note: `${m.words} words, ${m.seconds.toFixed(1)} s; ${m.source}`,
      }));
      const errors = (key: 'oursWer' | 'stockWer') => measured.reduce((n, m) => n + m[key] * m.words, 0);
      const ratio = errors('oursWer') / errors('stockWer');
      const audio = measured.reduce((n, m) => n + m.seconds, 0);
      const rtf = measured.reduce((n, m) => n + m.oursRtf * m.seconds, 0) / audio;
      const stockRtf = measured.reduce((n, m) => n + m.stockRtf * m.seconds, 0) / audio;
      rows.push(
        { benchmark: 'asr: WER ratio ours/stock (all inputs pooled)', measured: ratio.toFixed(2), goal: `≤ ${RATIO_GOAL}`, pass: ratio <= RATIO_GOAL, note: `${measured.length} inputs, ${audio.toFixed(0)} s of audio` },
        {
          benchmark: 'asr: real-time factor (embedded engine, all inputs)',
          measured: `RTF ${rtf.toFixed(3)} (stock decoder ${stockRtf.toFixed(3)})`,
          goal: `≤ ${RTF_GOAL}`,
          pass: rtf <= RTF_GOAL,
          note: `${availableParallelism()} recogniser processes; wall time, so a busy machine shows (1-min load average ${loadavg()[0]!.toFixed(1)} at the end)`,
        },
      );
      return { rows, data: { measured } };
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
