// Debian pocketsphinx (0.8+5prealpha): run `pocketsphinx_continuous -time yes` on one chunk and
// parse its output into utterances with word timings.
import type { Word } from '../../types.ts';
import { runProcess } from './process.ts';

export const DEFAULT_MODEL_DIR = '/usr/share/pocketsphinx/model/en-us';

/** The model files, by default those of the Debian package pocketsphinx-en-us. */
export interface PocketsphinxModel {
  readonly hmm: string;
  readonly lm: string;
  readonly dict: string;
}

export const modelIn = (dir: string): PocketsphinxModel => ({ hmm: `${dir}/en-us`, lm: `${dir}/en-us.lm.bin`, dict: `${dir}/cmudict-en-us.dict` });

/**
 * Decoder presets. `accurate` is pocketsphinx's defaults; `fast` skips the flat-lexicon and
 * best-path passes and prunes harder (research notes: roughly 1.7× faster, WER 15 → 22 % on
 * clean TTS speech).
 */
export const PRESETS = {
  accurate: [],
  fast: ['-fwdflat', 'no', '-bestpath', 'no', '-maxhmmpf', '3000', '-pl_window', '10'],
} as const satisfies Record<string, readonly string[]>;
export type Preset = keyof typeof PRESETS;

export interface Utterance {
  readonly words: readonly Word[];
}

/** The process exited abnormally (crash, or non-zero exit). Worth one retry. */
export class RecogniserCrashError extends Error {
  override name = 'RecogniserCrashError';
}

export function pocketsphinxArgs(wav: string, model: PocketsphinxModel, extra: readonly string[] = []): string[] {
  return ['-infile', wav, '-time', 'yes', '-logfn', '/dev/null', '-hmm', model.hmm, '-lm', model.lm, '-dict', model.dict, ...extra];
}

/** Runs the recogniser on one 16 kHz mono WAV and returns its raw stdout. */
export async function recogniseFile(binary: string, wav: string, model: PocketsphinxModel, extra: readonly string[], signal?: AbortSignal): Promise<string> {
  const result = await runProcess(binary, pocketsphinxArgs(wav, model, extra), { signal, captureStdout: true });
  if (result.code !== 0) throw new RecogniserCrashError(`pocketsphinx_continuous exited with ${result.code ?? result.signal}`);
  return result.stdout;
}

const WORD_LINE = /^(\S+)\s+(-?\d+(?:\.\d+)?)\s+(-?\d+(?:\.\d+)?)\s+(-?\d+(?:\.\d+)?(?:e[-+]?\d+)?)$/i;
const ALTERNATE = /\(\d+\)$/;

/** `<s> </s> <sil>`, `[NOISE] [SPEECH]`, `++NOISE++` and the like are not words. */
export const isFiller = (token: string) => /^(<.*>|\[.*\]|\+\+.*\+\+|\+.*\+)$/.test(token);

const ms = (s: number) => Math.round(s * 1000) / 1000;

/**
 * Pure: parses `-time yes` output. Each utterance is a hypothesis line followed by word lines
 * `word start end posterior`. Fillers are dropped, `word(2)` becomes `word`, `offsetSeconds`
 * is added to every time and the posterior is clamped to 0..1. Utterances without words are
 * left out.
 */
export function parsePocketsphinxOutput(stdout: string, offsetSeconds = 0): Utterance[] {
  const utterances: Word[][] = [];
  let current: Word[] | undefined;
  let sawWordLine = false;
  const startUtterance = () => {
    current = [];
    utterances.push(current);
    sawWordLine = false;
  };
  for (const raw of stdout.split(/\r?\n/)) {
    const line = raw.trim();
    const m = WORD_LINE.exec(line);
    if (!m) {
      // A hypothesis line (possibly empty) opens the next utterance.
      if (line !== '' || sawWordLine) startUtterance();
      continue;
    }
    const [, token, startText, endText, postText] = m as unknown as [string, string, string, string, string];
    if (!current || (token === '<s>' && sawWordLine)) startUtterance();
    sawWordLine = true;
    if (isFiller(token)) continue;
    const word = token.replace(ALTERNATE, '');
    if (word === '') continue;
    const start = Number(startText) + offsetSeconds;
    const end = Math.max(start, Number(endText) + offsetSeconds);
    const posterior = Number(postText);
    const confidence = Number.isFinite(posterior) ? Math.min(1, Math.max(0, posterior)) : 0;
    current!.push({ word, start: ms(start), end: ms(end), confidence: Math.round(confidence * 1e4) / 1e4 });
  }
  return utterances.filter((words) => words.length > 0).map((words) => ({ words }));
}
