// The embedded speech engine's real-time factor: the flite meeting of test/support/speech.ts
// (~62 s, two voices) transcribed in this process by localTranscriber() (ffmpeg, utterances
// by voice activity, a pool of pocketsphinx_batch processes), with its word error rate against
// the script.
// Load average is recorded beside it: the engine uses every core, so a busy machine shows.
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { localTranscriber } from '#shared/providers/asr/local/engine.ts';
import { makeMeeting, MEETING_SCRIPT, scriptText, wordErrorRate } from '../support/speech.ts';
import { median } from './lib/stats.ts';
import type { Benchmark, Row } from './lib/types.ts';

const RTF_GOAL = 0.25;

interface AsrRun {
  readonly seconds: number;
  readonly rtf: number;
  readonly wer: number;
  readonly words: number;
  readonly loadBefore: readonly number[];
  readonly loadAfter: readonly number[];
}

const load = () => loadavg().map((l) => Math.round(l * 100) / 100);

export const asrRtf: Benchmark = {
  name: 'asr-rtf',
  description: 'Embedded ASR (pocketsphinx) on the ~62 s flite meeting: wall time, real-time factor, WER, load average',
  async run({ quick, log }) {
    const rounds = quick ? 1 : 3;
    const dir = mkdtempSync(join(tmpdir(), 'verbatim-bench-asr-'));
    try {
      const buildStarted = performance.now();
      const meeting = await makeMeeting(dir);
      log(`meeting of ${meeting.durationSeconds.toFixed(1)} s synthesised in ${((performance.now() - buildStarted) / 1000).toFixed(1)} s`);
      const engine = localTranscriber();
      const reference = scriptText(MEETING_SCRIPT);
      const runs: AsrRun[] = [];
      for (let i = 0; i < rounds; i++) {
        const loadBefore = load();
        const started = performance.now();
        const result = await engine.transcribe({ audioPath: meeting.path, mimeType: 'audio/wav', language: 'en' });
        const seconds = (performance.now() - started) / 1000;
        const hypothesis = result.segments.map((s) => s.sentence).join(' ');
        const run = { seconds, rtf: seconds / meeting.durationSeconds, wer: wordErrorRate(reference, hypothesis), words: hypothesis.split(/\s+/).filter(Boolean).length, loadBefore, loadAfter: load() };
        log(`run ${i + 1}: ${seconds.toFixed(1)} s, RTF ${run.rtf.toFixed(3)}, WER ${(run.wer * 100).toFixed(1)} %, load ${loadBefore.join('/')} → ${run.loadAfter.join('/')}`);
        runs.push(run);
      }
      const rtf = median(runs.map((r) => r.rtf));
      const seconds = median(runs.map((r) => r.seconds));
      const wer = median(runs.map((r) => r.wer));
      const loads = runs.flatMap((r) => [r.loadBefore[0]!, r.loadAfter[0]!]);
      const rows: Row[] = [
        {
          benchmark: 'asr: real-time factor (embedded engine)',
          measured: `RTF ${rtf.toFixed(3)} · ${seconds.toFixed(1)} s for ${meeting.durationSeconds.toFixed(1)} s of audio`,
          goal: `≤ ${RTF_GOAL}`,
          pass: rtf <= RTF_GOAL,
          note: `median of ${rounds} run(s) (${runs.map((r) => r.seconds.toFixed(1)).join(', ')} s), ${availableParallelism()} recogniser processes; 1-min load average ${Math.min(...loads)}–${Math.max(...loads)} on ${availableParallelism()} cores during the runs`,
        },
        {
          benchmark: 'asr: word error rate (flite meeting)',
          measured: `${(wer * 100).toFixed(1)} %`,
          note: `${runs[0]!.words} words recognised for ${reference.split(/\s+/).length} in the script; pocketsphinx on synthetic voices is a rough transcript`,
        },
      ];
      return { rows, data: { durationSeconds: meeting.durationSeconds, rounds, runs } };
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
