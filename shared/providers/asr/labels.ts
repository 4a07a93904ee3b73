// Small mappings shared by the remote speech providers: speaker labels, confidences, language
// names, and words attached to the segments they were spoken in.
import type { Segment, Word } from '../types.ts';

/** Maps provider speaker labels to SPEAKER_00, SPEAKER_01, … in order of first appearance. */
export function speakerNamer(): (raw: string) => string {
  const names = new Map<string, string>();
  return (raw) => {
    let name = names.get(raw);
    if (!name) {
      name = `SPEAKER_${String(names.size).padStart(2, '0')}`;
      names.set(raw, name);
    }
    return name;
  };
}

/** 0..1 from a probability, or from a mean log-probability; `fallback` when neither is a number. */
export function confidence(probability: unknown, logprob?: unknown, fallback = 1): number {
  if (typeof probability === 'number' && Number.isFinite(probability)) return clamp01(probability);
  if (typeof logprob === 'number' && Number.isFinite(logprob)) return clamp01(Math.exp(logprob));
  return fallback;
}

const clamp01 = (value: number) => Math.round(Math.min(1, Math.max(0, value)) * 1000) / 1000;

export const seconds = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.round(value * 1000) / 1000 : undefined;

const ALIASES: Record<string, string> = {
  burmese: 'my', myanmar: 'my', javanese: 'jv', cantonese: 'yue', mandarin: 'zh', castilian: 'es', valencian: 'ca',
  flemish: 'nl', haitian: 'ht', letzeburgesch: 'lb', pushto: 'ps', panjabi: 'pa', moldavian: 'ro', moldovan: 'ro',
  sinhalese: 'si', nynorsk: 'nn', norwegian: 'no', 'norwegian bokmal': 'nb', persian: 'fa', farsi: 'fa',
};
let byName: Map<string, string> | undefined;

const plain = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').trim().toLowerCase();

/** ISO 639-1 for a language code ("en", "en-US") or an English name ("english", as whisper-1 answers). */
export function languageCode(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value.trim()) return undefined;
  const text = plain(value);
  if (!byName) {
    byName = new Map(Object.entries(ALIASES));
    const names = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });
    for (let a = 97; a <= 122; a++) {
      for (let b = 97; b <= 122; b++) {
        const code = String.fromCharCode(a, b);
        const name = names.of(code);
        if (name && !byName.has(plain(name))) byName.set(plain(name), code);
      }
    }
  }
  const named = byName.get(text);
  if (named) return named;
  const code = /^([a-z]{2,3})(?:[-_][a-z0-9]+)*$/.exec(text)?.[1];
  if (code === 'jw') return 'jv';
  return code;
}

/**
 * Gives each segment the words spoken in it: a word goes to the last segment that starts at or
 * before its middle (the first segment for words before any). Both lists must be sorted by start.
 */
export function attachWords<S extends Pick<Segment, 'start_time'>>(segments: readonly S[], words: readonly Word[]): Word[][] {
  const out: Word[][] = segments.map(() => []);
  let j = 0;
  for (const word of words) {
    const middle = (word.start + word.end) / 2;
    while (j + 1 < segments.length && segments[j + 1]!.start_time <= middle) j++;
    out[j]?.push(word);
  }
  return out;
}

/** The text of a run of words, however the provider spaced them. */
export const joinWords = (words: readonly Word[]): string =>
  words
    .map((w) => w.word.trim())
    .filter(Boolean)
    .join(' ');
