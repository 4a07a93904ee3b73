// The cue words that name a kind of appointment ("call", "demo", "meeting"), and which of them
// a sentence's thing is. Deterministic; no I/O.
import { taggedWords, type TaggedWord } from '../../../text/pos.ts';

/** Cue words (regular-expression alternatives) by the kind of appointment they name. */
export const CUES: ReadonlyArray<[string, string]> = [
  ['call|phone call|calls', 'Call'],
  ['interviews?', 'Interview'],
  ['demo', 'Demo'],
  ['presentation', 'Presentation'],
  ['workshop', 'Workshop'],
  ['lunch', 'Lunch'],
  ['dinner', 'Dinner'],
  ['appointment', 'Appointment'],
  ['conference', 'Conference'],
  ['meet|meeting|meetings|sync|catch up|get together|stand-?up|session|review meeting', 'Meeting'],
];
/** "the conference room", "the meeting room": a room named by what it is for is a place, no cue. */
const APPOINTMENTS: ReadonlyArray<[RegExp, string]> = CUES.map(([words, label]) => [new RegExp(`\\b(?:${words})\\b(?!\\s+(?:rooms?|hall|suite|centre|center))`, 'i'), label]);
/** The one-word cue nouns ("meet" is the verb), which can end an appointment's own name. */
export const CUE_NOUNS = CUES.flatMap(([words]) => words.split('|')).filter((word) => !word.includes(' ') && word !== 'meet');

/**
 * The cue of the thing `text` tells of: of the cue words it holds, the one said first that heads
 * its phrase. A cue noun before another noun only says what kind ("the presentation night",
 * "demo day", "a conference call": a night, a day, a call), and a cue said later is often what the
 * first is for ("let's meet … to sort out the presentation night program": a meeting).
 */
export function cueIn(text: string): readonly [RegExp, string] | undefined {
  let first: { at: number; cue: readonly [RegExp, string] } | undefined;
  let words: TaggedWord[] | undefined;
  for (const cue of APPOINTMENTS) {
    for (const m of text.matchAll(new RegExp(cue[0].source, 'gi'))) {
      if (first && m.index >= first.at) break;
      words ??= taggedWords(text);
      if (modifies(text, words, m.index, m.index + m[0].length)) continue;
      first = { at: m.index, cue };
      break;
    }
  }
  return first?.cue;
}

/** Whether the noun from `start` to `end` is said right before another noun, saying what kind that is. */
function modifies(text: string, words: readonly TaggedWord[], start: number, end: number): boolean {
  const own = words.find((w) => w.start === start);
  const next = words.find((w) => w.start >= end);
  // "Demo day is …": a cue opening the sentence reads as a name for its capital.
  // "the thursday call moves to …": a word in -s after it may be its verb, though read as a noun.
  return (own?.pos === 'NOUN' || own?.pos === 'PROPN') && next?.pos === 'NOUN' && !/s$/i.test(next.text) && /^\s+$/.test(text.slice(end, next.start));
}
