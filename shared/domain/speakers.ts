// Speakers, pure: voice-profile arithmetic (cosine similarity, suggestions, the 70/30 moving
// average, confidence), names in transcript segments and participants, and the self-
// introductions the embedded engine reads to propose names (decisions §6, research §4.6).
import type { Segment } from '../providers/types.ts';

/** A stored segment; `label` keeps the diarisation label once a name replaces it in `speaker`. */
export type LabelledSegment = Segment & { readonly label?: string };

const LABEL = /^SPEAKER_\d+$/;
const isLabel = (speaker: string): boolean => LABEL.test(speaker);

/** Names compare case-insensitively, with runs of white space taken as one. */
export const cleanName = (name: string): string => name.trim().replace(/\s+/g, ' ');
export const nameKey = (name: string): string => cleanName(name).toLowerCase();
export const sameName = (a: string, b: string): boolean => nameKey(a) === nameKey(b);

// ---- Voice embeddings -------------------------------------------------------------------

/** Cosine similarity in -1..1; null when the vectors cannot be compared (other dimension, empty, zero). */
export function cosine(a: readonly number[], b: readonly number[]): number | null {
  if (a.length === 0 || a.length !== b.length) return null;
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  if (na === 0 || nb === 0 || !Number.isFinite(dot)) return null;
  return dot / Math.sqrt(na * nb);
}

function normalise(v: readonly number[]): number[] {
  const norm = Math.sqrt(v.reduce((sum, x) => sum + x * x, 0));
  return norm === 0 ? [...v] : v.map((x) => x / norm);
}

const round = (value: number, decimals: number): number => Math.round(value * 10 ** decimals) / 10 ** decimals;

export interface Profile {
  readonly id: number;
  readonly name: string;
  readonly voice_embedding: readonly number[] | null;
}

export interface Suggestion {
  readonly speaker_id: number;
  readonly name: string;
  /** Cosine similarity × 100, one decimal. */
  readonly similarity: number;
}

/** Saved profiles at or above `threshold` (0..100), best first, at most `top`. */
export function suggestionsFor(embedding: readonly number[] | undefined, profiles: readonly Profile[], options: { threshold?: number; top?: number } = {}): Suggestion[] {
  const { threshold = 60, top = 3 } = options;
  if (!embedding || embedding.length === 0) return [];
  const scored = profiles.flatMap((p) => {
    const c = p.voice_embedding ? cosine(embedding, p.voice_embedding) : null;
    return c === null ? [] : [{ speaker_id: p.id, name: p.name, similarity: round(c * 100, 1) }];
  });
  return scored
    .filter((s) => s.similarity >= threshold)
    .sort((a, b) => b.similarity - a.similarity || a.speaker_id - b.speaker_id)
    .slice(0, top);
}

export interface VoiceProfile {
  readonly voice_embedding: readonly number[] | null;
  readonly embedding_count: number;
  /** Similarity (0..1) of each new sample to the profile before it, newest last, at most 5. */
  readonly similarity_history: readonly number[];
  readonly confidence_score: number;
}

const EMA_OLD_WEIGHT = 0.7;
const HISTORY = 5;

/**
 * Mean of the recent similarities, scaled by how many samples there are (full trust from 5);
 * a single sample is 0.5 (Speakr's rule).
 */
export function confidence(history: readonly number[], count: number): number {
  if (count <= 0) return 0;
  if (history.length === 0) return 0.5;
  const mean = history.reduce((s, x) => s + x, 0) / history.length;
  return round(Math.max(0, mean) * Math.min(1, count / HISTORY), 3);
}

/**
 * Folds one new embedding into a profile: 70 % old, 30 % new, on unit vectors, normalised.
 * A sample of another dimension (the embedding model changed) starts the profile afresh.
 */
export function updateProfile(profile: VoiceProfile, sample: readonly number[]): VoiceProfile {
  const fresh = normalise(sample);
  const old = profile.voice_embedding;
  if (!old || old.length !== fresh.length || profile.embedding_count <= 0) {
    return { voice_embedding: fresh.map((x) => round(x, 7)), embedding_count: 1, similarity_history: [], confidence_score: confidence([], 1) };
  }
  const similarity = cosine(old, fresh) ?? 0;
  const base = normalise(old);
  const blended = normalise(base.map((x, i) => EMA_OLD_WEIGHT * x + (1 - EMA_OLD_WEIGHT) * fresh[i]!));
  const count = profile.embedding_count + 1;
  const history = [...(profile.similarity_history ?? []), round(similarity, 4)].slice(-HISTORY);
  return { voice_embedding: blended.map((x) => round(x, 7)), embedding_count: count, similarity_history: history, confidence_score: confidence(history, count) };
}

// ---- Names in segments and participants -------------------------------------------------

/** The diarisation label of a segment: kept in `label` once named, else the speaker itself. */
export function labelOf(segment: LabelledSegment): string | null {
  if (segment.label && isLabel(segment.label)) return segment.label;
  return isLabel(segment.speaker) ? segment.speaker : null;
}

export interface LabelInfo {
  readonly label: string;
  /** The name its segments carry, or null while they carry the label. */
  readonly identified_name: string | null;
  readonly segment_count: number;
}

/** The labels of a transcript in label order, with the name each carries and how often. */
export function labelsOf(segments: readonly LabelledSegment[]): LabelInfo[] {
  const found = new Map<string, { name: string | null; count: number }>();
  for (const s of segments) {
    const label = labelOf(s);
    if (!label) continue;
    const entry = found.get(label) ?? { name: null, count: 0 };
    entry.count += 1;
    if (entry.name === null && !isLabel(s.speaker)) entry.name = s.speaker;
    found.set(label, entry);
  }
  return [...found.entries()]
    .sort(([a], [b]) => a.localeCompare(b, 'en', { numeric: true }))
    .map(([label, { name, count }]) => ({ label, identified_name: name, segment_count: count }));
}

/** Gives the segments of each mapped label a name (null puts the label back); labels are kept. */
export function assignNames(segments: readonly LabelledSegment[], names: Readonly<Record<string, string | null>>): LabelledSegment[] {
  return segments.map((s) => {
    const label = labelOf(s);
    if (!label || !(label in names)) return s;
    const name = names[label];
    return { ...s, speaker: name ?? label, label };
  });
}

/** Seconds two spans share. */
const shared = (a: Segment, b: Segment): number => Math.max(0, Math.min(a.end_time, b.end_time) - Math.max(a.start_time, b.start_time));

/**
 * The names a new transcript's labels take from the one it replaces, by when they spoke: a label
 * takes a name when at least half of its speech fell in that name's turns, one name a label, the
 * surest first (the largest share of the label's speech, then the most seconds). Labels of a
 * new diarisation need not match the old ones ("SPEAKER_00" may now be the other voice), and a
 * voice the old one had not told apart gets no name rather than a wrong one.
 */
export function carriedNames(before: readonly LabelledSegment[], after: readonly LabelledSegment[]): Record<string, string> {
  const named = before.filter((s) => !isLabel(s.speaker) && cleanName(s.speaker));
  const speech = new Map<string, number>();
  const overlap = new Map<string, Map<string, number>>();
  for (const s of after) {
    const label = labelOf(s);
    if (!label) continue;
    speech.set(label, (speech.get(label) ?? 0) + Math.max(0, s.end_time - s.start_time));
    const row = overlap.get(label) ?? new Map<string, number>();
    for (const old of named) row.set(cleanName(old.speaker), (row.get(cleanName(old.speaker)) ?? 0) + shared(s, old));
    overlap.set(label, row);
  }
  const pairs = [...overlap].flatMap(([label, row]) => [...row].map(([name, seconds]) => ({ label, name, seconds, share: seconds / (speech.get(label) || Infinity) })));
  const names: Record<string, string> = {};
  const taken = new Set<string>();
  for (const p of pairs.sort((a, b) => b.share - a.share || b.seconds - a.seconds || a.label.localeCompare(b.label))) {
    if (p.label in names || taken.has(nameKey(p.name)) || p.seconds <= 0 || p.share < 0.5) continue;
    names[p.label] = p.name;
    taken.add(nameKey(p.name));
  }
  return names;
}

/** Replaces one name with another in every segment that carries it. */
export function renameInSegments(segments: readonly LabelledSegment[], from: string, to: string): { segments: LabelledSegment[]; changed: number } {
  let changed = 0;
  const out = segments.map((s) => {
    if (isLabel(s.speaker) || !sameName(s.speaker, from) || s.speaker === to) return s;
    changed += 1;
    return { ...s, speaker: to };
  });
  return { segments: out, changed };
}

/** The names in a transcript in order of first appearance; unnamed labels are left out. */
export function participantsOf(segments: readonly Segment[]): string {
  const seen = new Map<string, string>();
  for (const s of segments) {
    const name = cleanName(s.speaker);
    if (name && !isLabel(name) && !seen.has(name.toLowerCase())) seen.set(name.toLowerCase(), name);
  }
  return [...seen.values()].join(', ');
}

/** Replaces one name in a comma-separated participants text, leaving everything else as it is. */
export function renameInParticipants(participants: string, from: string, to: string): string {
  if (!participants.trim()) return participants;
  const parts = participants.split(',').map((p) => p.trim());
  if (!parts.some((p) => sameName(p, from))) return participants;
  const renamed = parts.map((p) => (sameName(p, from) ? to : p));
  return renamed.filter((p, i) => p && renamed.findIndex((q) => sameName(q, p)) === i).join(', ');
}

// ---- Self-introductions -----------------------------------------------------------------

/** Words that follow "i'm" or "this is" without being a name. */
const NOT_NAMES = new Set(
  `a about actually afraid all almost also always an and another any around as at away back bad being best better big both busy but by calling
  certain clear close coming completely confused correct curious definitely different doing done down each easy either else enough even ever every
  excited exactly fair far few fine finished first for free from fun getting glad going gonna gone good great happy hard her here him his
  honestly hoping how i if important in interested interesting it its just kind late leaving less like likely little looking lost lucky me more
  most much my myself near need new next nice no not now of off ok okay old on one only open or other our out over perfect pleased pretty probably
  quite ready real really right same saying second so sorry speaking still such super supposed sure talking that the their them then there these
  they thinking this those through to today too totally trying two under up us very wait wanting was we well what when where which who why
  will with working worried wrong yeah yes yet you your`.split(/\s+/),
);

const INTRO_PATTERNS: readonly { readonly re: RegExp; readonly strength: number }[] = [
  { re: /\bmy name(?:'s| is)\s+([a-z][a-z'-]+)(?:\s+([a-z][a-z'-]+))?/gi, strength: 3 },
  { re: /\b(?:this is|it's|it is)\s+([a-z][a-z'-]+)(?:\s+([a-z][a-z'-]+))?\s+(?:here|speaking)\b/gi, strength: 3 },
  { re: /\b(?:i'm|i am|im)\s+([a-z][a-z'-]+)(?:\s+([a-z][a-z'-]+))?/gi, strength: 2 },
  { re: /\bthis is\s+([a-z][a-z'-]+)(?:\s+([a-z][a-z'-]+))?/gi, strength: 1 },
];

const title = (word: string): string => word.charAt(0).toUpperCase() + word.slice(1);

/** A name from a pattern's words: the first must not be a common word; a capitalised second one is a surname. */
function nameFrom(first: string | undefined, second: string | undefined): string | null {
  if (!first || first.length < 2 || NOT_NAMES.has(first.toLowerCase()) || /'/.test(first)) return null;
  const surname = second && /^[A-Z]/.test(second) && !NOT_NAMES.has(second.toLowerCase()) ? ` ${second}` : '';
  return `${title(first)}${surname}`;
}

/**
 * Names speakers introduce themselves with ("hi, I'm Maria", "my name is John", "it's Ana
 * here", "this is John"), one per label, the strongest phrasing winning; a name already given
 * to another label is not proposed twice.
 */
export function introductions(segments: readonly LabelledSegment[]): Record<string, string> {
  const best = new Map<string, { name: string; strength: number }>();
  for (const s of segments) {
    const label = labelOf(s);
    if (!label) continue;
    for (const { re, strength } of INTRO_PATTERNS) {
      for (const m of s.sentence.matchAll(re)) {
        const name = nameFrom(m[1], m[2]);
        const current = best.get(label);
        if (name && (!current || strength > current.strength)) best.set(label, { name, strength });
      }
    }
  }
  const result: Record<string, string> = {};
  const ranked = [...best.entries()].sort(([a, x], [b, y]) => y.strength - x.strength || a.localeCompare(b));
  for (const [label, { name }] of ranked) {
    if (!Object.values(result).some((n) => sameName(n, name))) result[label] = name;
  }
  return Object.fromEntries(Object.entries(result).sort(([a], [b]) => a.localeCompare(b, 'en', { numeric: true })));
}

/** The first JSON object in a model's answer, kept to known labels and plausible names; anything else is dropped. */
export function namesFromAnswer(text: string, labels: readonly string[]): Record<string, string> {
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start < 0 || end <= start) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text.slice(start, end + 1));
  } catch {
    return {};
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
  const names: Record<string, string> = {};
  for (const [label, value] of Object.entries(parsed as Record<string, unknown>)) {
    if (!labels.includes(label) || typeof value !== 'string') continue;
    const name = cleanName(value);
    if (name.length > 0 && name.length <= 100 && !isLabel(name) && !/^(unknown|none|n\/a|null)$/i.test(name)) names[label] = name;
  }
  return names;
}
