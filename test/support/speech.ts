// Test speech: a ~1-minute two-speaker meeting synthesised with Debian `flite` (voices rms and
// slt), 16 kHz mono, turns separated by 0.7 s of silence, joined with `sox`. Plus the word
// error rate used to judge a transcript against the script. Needs the Debian packages flite
// and sox (installed by the setup script).
import { execFile } from 'node:child_process';
import { mkdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export type Speaker = 'A' | 'B';
export interface ScriptLine {
  readonly speaker: Speaker;
  readonly text: string;
}
export interface Meeting {
  /** 16 kHz mono s16 WAV. */
  readonly path: string;
  readonly script: readonly ScriptLine[];
  readonly durationSeconds: number;
}

export const VOICES: Readonly<Record<Speaker, string>> = { A: 'rms', B: 'slt' };
export const GAP_SECONDS = 0.7;

export const MEETING_SCRIPT: readonly ScriptLine[] = [
  { speaker: 'A', text: 'Good morning everyone, thanks for joining the planning meeting.' },
  { speaker: 'B', text: 'Thanks. Today we need to review the mobile release and the budget.' },
  { speaker: 'A', text: 'The release candidate is ready for testing.' },
  { speaker: 'B', text: 'I will fix the login bugs by Friday.' },
  { speaker: 'A', text: "Good. Let's meet next Tuesday at three p m in room four to review the release." },
  { speaker: 'B', text: 'The deadline for the budget report is December fifth.' },
  { speaker: 'A', text: 'Action item for John: send the updated budget to finance by Monday.' },
  { speaker: 'B', text: "I can call the vendor at ten o'clock tomorrow." },
  { speaker: 'A', text: 'How is the new onboarding screen going?' },
  { speaker: 'B', text: 'The design is finished and the developers started yesterday.' },
  { speaker: 'A', text: 'Please send the test results to the whole team.' },
  { speaker: 'B', text: 'Sure. We should also check the app store screenshots.' },
  { speaker: 'A', text: "Let's keep the next meeting short, about fifteen minutes." },
  { speaker: 'B', text: 'Sounds good. I will book the room.' },
  { speaker: 'A', text: 'Great, that covers everything. Thank you all.' },
];

/** The whole script as one reference text. */
export const scriptText = (script: readonly ScriptLine[]) => script.map((l) => l.text).join(' ');

const cache = new Map<string, Promise<Meeting>>();

/**
 * Builds (once per process and folder, again if the file was removed) the meeting WAV in
 * `dir`: `meeting.wav` plus the turn files. Takes a few seconds.
 */
export async function makeMeeting(dir: string): Promise<Meeting> {
  const cached = cache.get(dir);
  if (cached && (await cached.then((m) => stat(m.path)).then(() => true, () => false))) return cached;
  const pending = build(dir, MEETING_SCRIPT);
  pending.catch(() => cache.delete(dir));
  cache.set(dir, pending);
  return pending;
}

const customCache = new Map<string, Promise<Meeting>>();

/**
 * Like `makeMeeting`, with another script (same voices, same gaps): built once per process and
 * folder (again if the file was removed or the script differs).
 */
export async function makeMeetingFrom(dir: string, script: readonly ScriptLine[]): Promise<Meeting> {
  const cached = customCache.get(dir);
  if (cached && (await cached.then((m) => m.script === script && stat(m.path).then(() => true)).catch(() => false))) return cached;
  const pending = build(dir, script);
  pending.catch(() => customCache.delete(dir));
  customCache.set(dir, pending);
  return pending;
}

async function build(dir: string, script: readonly ScriptLine[]): Promise<Meeting> {
  const { path, durationSeconds } = await synthesise(dir, script.map((line) => ({ voice: VOICES[line.speaker], text: line.text })));
  return { path, script, durationSeconds };
}

/** One synthesised turn: a flite voice, optional sox effects after it (e.g. `pitch -300`), the text. */
export interface VoicedLine {
  readonly voice: string;
  readonly effects?: readonly string[];
  readonly text: string;
}

/**
 * Synthesises the turns with flite into `dir/meeting.wav` (16 kHz mono s16), joined by
 * `gapSeconds` of silence. Returns the path, the length and where each turn starts and ends.
 */
export async function synthesise(dir: string, lines: readonly VoicedLine[], gapSeconds = GAP_SECONDS): Promise<{ path: string; durationSeconds: number; turns: { start: number; end: number }[] }> {
  await mkdir(dir, { recursive: true });
  const gap = join(dir, 'gap.wav');
  await run('sox', ['-n', '-r', '16000', '-c', '1', '-b', '16', gap, 'trim', '0', String(gapSeconds)]);
  const parts: string[] = [];
  const lengths: number[] = [];
  await Promise.all(
    lines.map(async (line, i) => {
      const raw = join(dir, `turn-${i}-raw.wav`);
      const turn = join(dir, `turn-${i}.wav`);
      await run('flite', ['-voice', line.voice, '-t', line.text, '-o', raw]);
      await run('sox', [raw, '-r', '16000', '-c', '1', '-b', '16', turn, ...(line.effects ?? [])]);
      parts[i] = turn;
      lengths[i] = ((await stat(turn)).size - 44) / 32000;
    }),
  );
  const joined = parts.flatMap((p, i) => (i === 0 ? [p] : [gap, p]));
  const path = join(dir, 'meeting.wav');
  await run('sox', [...joined, path]);
  const bytes = (await stat(path)).size - 44;
  let at = 0;
  const turns = lengths.map((length) => {
    const turn = { start: at, end: at + length };
    at += length + gapSeconds;
    return turn;
  });
  return { path, durationSeconds: bytes / 32000, turns };
}

const ONES = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen'];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
const ORDINAL_IRREGULAR: Record<string, string> = { one: 'first', two: 'second', three: 'third', five: 'fifth', eight: 'eighth', nine: 'ninth', twelve: 'twelfth' };

function numberWords(n: number): string {
  if (n < 20) return ONES[n]!;
  if (n < 100) return `${TENS[Math.floor(n / 10)]}${n % 10 ? ` ${ONES[n % 10]}` : ''}`;
  if (n < 1000) return `${ONES[Math.floor(n / 100)]} hundred${n % 100 ? ` ${numberWords(n % 100)}` : ''}`;
  return String(n).split('').map((d) => ONES[Number(d)]).join(' ');
}

function ordinalWords(n: number): string {
  const words = numberWords(n).split(' ');
  const last = words.pop()!;
  const ord = ORDINAL_IRREGULAR[last] ?? (last.endsWith('y') ? `${last.slice(0, -1)}ieth` : `${last}th`);
  return [...words, ord].join(' ');
}

/**
 * Lower case, digits to words where simple ("3 pm" → "three p m", "5th" → "fifth"),
 * punctuation stripped (apostrophes inside words kept), whitespace collapsed.
 */
export function normaliseForWer(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/(\d+)(st|nd|rd|th)\b/g, (_, d: string) => ` ${ordinalWords(Number(d))} `)
    .replace(/(\d+):(\d\d)/g, (_, h: string, m: string) => ` ${numberWords(Number(h))} ${m === '00' ? "o'clock" : numberWords(Number(m))} `)
    .replace(/(\d+)\s*([ap])\.?\s?m\b\.?/g, (_, d: string, ap: string) => ` ${numberWords(Number(d))} ${ap} m `)
    .replace(/\d+/g, (d) => ` ${numberWords(Number(d))} `)
    .replace(/\b([ap])\.?m\b\.?/g, (m: string, ap: string) => (m === 'am' ? m : ` ${ap} m `))
    .replace(/\bmr\b\.?/g, 'mister')
    .replace(/\bmrs\b\.?/g, 'missus')
    .replace(/[^a-z0-9'\s]+/g, ' ')
    .replace(/(^|\s)'+|'+(?=\s|$)/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
}

/** Word error rate: word-level Levenshtein distance over the normalised reference length. */
export function wordErrorRate(reference: string, hypothesis: string): number {
  const ref = normaliseForWer(reference);
  const hyp = normaliseForWer(hypothesis);
  if (ref.length === 0) return hyp.length === 0 ? 0 : 1;
  let prev = Array.from({ length: hyp.length + 1 }, (_, j) => j);
  for (let i = 1; i <= ref.length; i++) {
    const cur = [i];
    for (let j = 1; j <= hyp.length; j++) {
      const sub = prev[j - 1]! + (ref[i - 1] === hyp[j - 1] ? 0 : 1);
      cur[j] = Math.min(sub, prev[j]! + 1, cur[j - 1]! + 1);
    }
    prev = cur;
  }
  return prev[hyp.length]! / ref.length;
}
