// Debian pocketsphinx (0.8+5prealpha): `pocketsphinx_batch` decodes a list of utterances of the
// decoded WAV (a control file of frame ranges, one model load per process) and writes CTM lines
// with word timings and confidences, parsed here.
import { readFile, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, extname, join } from 'node:path';
import type { Word } from '../../types.ts';
import { runProcess } from './process.ts';
import type { BatchItem } from './utterances.ts';

export const DEFAULT_MODEL_DIR = '/usr/share/pocketsphinx/model/en-us';

/** The model files, by default those of the Debian package pocketsphinx-en-us. */
export interface PocketsphinxModel {
  readonly hmm: string;
  readonly lm: string;
  readonly dict: string;
}

export const modelIn = (dir: string): PocketsphinxModel => ({ hmm: `${dir}/en-us`, lm: `${dir}/en-us.lm.bin`, dict: `${dir}/cmudict-en-us.dict` });

/**
 * Both presets turn pocketsphinx's spectral noise removal off. It estimates each band's noise
 * from the quietest frames, and where there is next to no noise (synthetic speech, clean studio
 * audio) a codec's small changes to those frames moved the estimate and with it whole words:
 * 48 kHz stereo OGG/Opus came out 2.5–3.2 % from the WAV's transcript with it, 1.1–1.8 %
 * without (test/integration/asr-formats.test.ts). Without it the real read speech of the
 * accuracy bench scores the same (26.1 %), its two flite meetings 1 and 4 words worse of 93.
 */
const COMMON = ['-remove_noise', 'no'] as const;

/**
 * Decoder presets. `accurate` is pocketsphinx's defaults otherwise; `fast` skips the
 * flat-lexicon and best-path passes and prunes harder (research notes: roughly 1.7× faster,
 * WER 15 → 22 % on clean TTS speech).
 */
export const PRESETS = {
  accurate: [...COMMON],
  fast: [...COMMON, '-fwdflat', 'no', '-bestpath', 'no', '-maxhmmpf', '3000', '-pl_window', '10'],
} as const satisfies Record<string, readonly string[]>;
export type Preset = keyof typeof PRESETS;

export interface Utterance {
  readonly words: readonly Word[];
}

/** The process exited abnormally (crash, or non-zero exit). Worth one retry. */
export class RecogniserCrashError extends Error {
  override name = 'RecogniserCrashError';
}

/** Where the 16 kHz mono PCM is: a WAV file and the size of its header. */
export interface AudioSource {
  readonly path: string;
  readonly headerBytes: number;
}

/** pocketsphinx_batch's control file: one line per utterance, `file startframe endframe id` (100 frames/s). */
export function controlFile(audioName: string, items: readonly BatchItem[]): string {
  return items.map((u) => `${audioName} ${Math.round(u.start * 100)} ${Math.round(u.end * 100)} ${u.id}\n`).join('');
}

function batchArgs(audio: AudioSource, ctl: string, ctm: string, model: PocketsphinxModel, extra: readonly string[] = []): string[] {
  return [
    '-adcin', 'yes', '-adchdr', String(audio.headerBytes), '-cepdir', dirname(audio.path), '-cepext', extname(audio.path),
    '-ctl', ctl, '-ctm', ctm, '-logfn', '/dev/null', '-hmm', model.hmm, '-lm', model.lm, '-dict', model.dict, ...extra,
  ];
}

/**
 * Decodes the utterances in one pocketsphinx_batch process (one model load) and returns their
 * words, timed from the start of the recording. `work` is a folder for the control and CTM files.
 */
export async function recogniseBatch(binary: string, audio: AudioSource, items: readonly BatchItem[], model: PocketsphinxModel, extra: readonly string[], work: string, signal?: AbortSignal): Promise<Utterance[]> {
  const name = `batch-${items[0]?.id ?? 'empty'}`;
  const ctl = join(work, `${name}.ctl`);
  const ctm = join(work, `${name}.ctm`);
  await writeFile(ctl, controlFile(basename(audio.path, extname(audio.path)), items));
  try {
    const result = await runProcess(binary, batchArgs(audio, ctl, ctm, model, extra), { signal });
    if (result.code !== 0) throw new RecogniserCrashError(`pocketsphinx_batch exited with ${result.code ?? result.signal}`);
    return parseCtm(await readFile(ctm, 'utf8'), new Map(items.map((u) => [u.id, u.start])));
  } finally {
    await Promise.all([rm(ctl, { force: true }), rm(ctm, { force: true })]);
  }
}

const CTM_LINE = /^(\S+)\s+\S+\s+(-?\d+(?:\.\d+)?)\s+(\d+(?:\.\d+)?)\s+(\S+)(?:\s+(-?\d+(?:\.\d+)?(?:e[-+]?\d+)?))?$/i;
const ALTERNATE = /\(\d+\)$/;

/** `<s> </s> <sil>`, `[NOISE] [SPEECH]`, `++NOISE++` and the like are not words. */
export const isFiller = (token: string) => /^(<.*>|\[.*\]|\+\+.*\+\+|\+.*\+)$/.test(token);

const ms = (s: number) => Math.round(s * 1000) / 1000;

/**
 * Pure: parses CTM lines `uttid channel start duration word confidence` (times relative to the
 * utterance) into utterances timed from the recording's start (`starts` maps id → offset).
 * Fillers are dropped, `word(2)` becomes `word`, confidence is clamped to 0..1. Utterances
 * without words are left out; unknown ids are ignored.
 */
export function parseCtm(text: string, starts: ReadonlyMap<string, number>): Utterance[] {
  const byId = new Map<string, Word[]>();
  for (const raw of text.split(/\r?\n/)) {
    const m = CTM_LINE.exec(raw.trim());
    if (!m) continue;
    const [, id, startText, durText, token, confText] = m as unknown as [string, string, string, string, string, string | undefined];
    const offset = starts.get(id);
    if (offset === undefined || isFiller(token)) continue;
    const word = token.replace(ALTERNATE, '');
    if (word === '') continue;
    const start = Number(startText) + offset;
    const posterior = confText === undefined ? 0 : Number(confText);
    const confidence = Number.isFinite(posterior) ? Math.min(1, Math.max(0, posterior)) : 0;
    const words = byId.get(id) ?? [];
    words.push({ word, start: ms(start), end: ms(start + Number(durText)), confidence: Math.round(confidence * 1e4) / 1e4 });
    byId.set(id, words);
  }
  return [...byId.values()].map((words) => ({ words }));
}
