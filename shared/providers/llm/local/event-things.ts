// How a sentence names the thing it puts on a day, when it names no appointment by a cue word:
// "there's a launch event …", "the juniors have a home game …", "the retrospective, let's hold it
// …", "don't forget the site visit …", "how about the photo shoot on monday". Deterministic; no I/O.
import { joinedAtHyphens, inLexicon, taggedWords } from '../../../text/pos.ts';
import { DET, NOT_SCHEDULED, OCCASION, REMINDED } from './event-phrases.ts';

/** "AGM", "CPRs": a short name said in capitals. */
const inCapitals = (word: string): boolean => /^[A-Z]{2,5}s?$/.test(word);
/** A word the lexicon knows, or a thing's short name in capitals ("the AGM"), which it lacks. */
const known = (word: string): boolean => word.split('-').every((part) => inLexicon(part) || inCapitals(part));

/**
 * Whether the words of `phrase` (the last of it in `text`) are known nouns and adjectives ending
 * in a noun, none of them someone's name. After a determiner the words can only name a thing, so
 * a word the tagger reads as a verb counts as a noun there ("a bake sale", "a fire drill").
 */
export function namesAThing(text: string, phrase: string, names: readonly string[], afterDeterminer = false): boolean {
  const at = text.lastIndexOf(phrase);
  // A capital that only starts the sentence ("Training is on friday") makes no name.
  const words = joinedAtHyphens(text, taggedWords(text.charAt(0).toLowerCase() + text.slice(1)).filter((w) => w.start >= at && w.start < at + phrase.length));
  // "gutter cleaning": a word in -ing after a noun names the work done to it.
  const gerund = (i: number) => words[i]?.pos === 'VERB' && /ing$/i.test(words[i].text) && words[i - 1]?.pos === 'NOUN';
  const noun = (i: number) => words[i]?.pos === 'NOUN' || (afterDeterminer && words[i]?.pos === 'VERB') || gerund(i);
  // "teacher only day", "members only evening": "only" after a noun is part of the name.
  const only = (i: number) => /^only$/i.test(words[i]?.text ?? '') && words[i - 1]?.pos === 'NOUN';
  const naming = words.every((w, i) => (noun(i) || w.pos === 'ADJ' || only(i)) && known(w.text)) && noun(words.length - 1);
  return naming && !words.some((w) => names.some((n) => n.toLowerCase().split(/\s+/).includes(w.text.toLowerCase())));
}

/**
 * "there's a launch event at the museum on …", "we have a quiz on friday", "the juniors have a
 * home game on …", "the choir has a concert …": a thing there is, or that we or a group have, then
 * ("there's also a …", "we also have a …").
 */
const THERE_IS = new RegExp(
  String.raw`\b(?:there's|there is|there will be|there'll be|(?:we|they|(?:the|our)\s+(?:[\p{L}-]+\s+){0,2}?[\p{L}-]+)(?:\s+also)?(?:\s+have|'ve got|\s+have got|'re having|\s+are having|'ll have|\s+will have)|(?:the|our)\s+(?:[\p{L}-]+\s+){0,2}?[\p{L}-]+\s+(?:has|has got|is having))(?:\s+(?:also|still|even|actually))?\s+(?:a|an|the|our|another)\s+((?:[\p{L}-]+\s+){0,2}?[\p{L}-]+)(?:\s+(?:at|in)\s+(?:the\s+)?[\p{L}-]+(?:\s+[\p{L}-]+)?)?\s+(?:(?:on|at|in|from)\s+)?(?:the\s+)?$`,
  'iu',
);

/** "your car is ready for its inspection on …", "we have her in for a check-up on …": what something is in or ready for then. */
const IN_FOR = new RegExp(String.raw`\b(?:in|ready|here|booked)\s+for\s+${DET}\s+((?:[\p{L}-]+\s+){0,2}?${OCCASION})\s+(?:(?:on|at|this|next)\s+)?(?:the\s+)?$`, 'iu');

export const inFor = (before: string, names: readonly string[]): string | undefined => {
  const found = IN_FOR.exec(before)?.[1];
  return found && namesAThing(before, found, names, true) ? found : undefined;
};

export function thereIs(before: string, names: readonly string[]): string | undefined {
  const found = THERE_IS.exec(before);
  return found && namesAThing(before, found[1]!, names, true) ? found[1] : undefined;
}

/**
 * "the tasting, would next tuesday …", "the photo shoot, how about monday …", "the cake tasting, can we do it next thursday":
 * a thing named first, then a question that offers a day for it, or says the day it has ("the microscope booking, we have it from nine") or has in mind ("the agm, we're thinking tuesday …").
 */
const FRONTED = new RegExp(
  String.raw`\b${DET}\s+((?:[\p{L}-]+\s+){0,2}?[\p{L}-]+)\s*,\s+(?:(would|could|does|do|will|can|is)\s+|how about\s+|what about\s+|(?:are|is)\s+(?:you|everyone|everybody)\s+(?:free|around|available)\s+|(?:(?:can|could|shall|should)\s+we|let(?:'s|\s+us))\s+(?:do|have|hold|book|schedule)\s+it\s+|we(?:'ve\s+got|\s+have\s+got|\s+have|'ll\s+have|'re\s+having|\s+are\s+having)\s+it\s+(?:from\s+)?|we(?:'re|\s+are|\s+were)\s+(?:thinking(?:\s+of)?|looking\s+at|leaning\s+towards|aiming\s+for)\s+)(?:(?:on|at)\s+)?(?:the\s+)?$`,
  'iu',
);
/** "… work", "… suit you", "… be ok for everyone": the question a day offered with "would", "does" asks. */
const SUITS = /^[^.?!]*?\b(?:work|suit|do|be\s+(?:ok|okay|fine|good|possible|better))\b[^.?!]*\??\s*$/i;

/** The thing named first in `before`, when a question offering the day for it follows. */
export function fronted(before: string, after: string, names: readonly string[]): string | undefined {
  const found = FRONTED.exec(before);
  if (!found || (found[2] && !SUITS.test(after))) return undefined;
  // "the retrospective, let's hold it …": one word named first is a thing there, though the tagger may read it as an adjective.
  const oneWord = /^[\p{L}-]+$/u.test(found[1]!) && known(found[1]!) && !NOT_SCHEDULED.test(found[1]!) && !names.some((n) => n.toLowerCase() === found[1]!.toLowerCase());
  return oneWord || namesAThing(before, found[1]!, names, true) ? found[1] : undefined;
}

/** The thing reminded of just before when ("don't forget the owner's site visit next …"), with its owner as said. */
export function remindedOf(before: string, names: readonly string[]): string | undefined {
  const found = REMINDED.exec(before);
  // "the architect's walkthrough": after an owner, words in lower case name a thing, though the lexicon lack one.
  const owned = found?.[1] !== undefined && !/\p{Lu}/u.test(found[2]!);
  if (!found || !(owned || namesAThing(before, found[2]!, names, true))) return undefined;
  return found[1] ? `${found[1]} ${found[2]}` : found[2];
}

/** "how about the photo shoot on monday", "let's do the stock take on friday", "i'd suggest we run the first clinic on …": a thing offered the day said after it. */
const OFFERED_THING = new RegExp(
  String.raw`\b(?:how about|what about|(?:shall|should|can|could)\s+we\s+(?:do|have|hold|book)|we(?:'ll|\s+will|\s+can|\s+could|\s+should)\s+(?:do|have)|let(?:'s|\s+us)\s+(?:do|have|hold|book)|(?:suggest|propose|recommend)(?:\s+that)?\s+we\s+(?:do|have|hold|run|host|book))\s+(?:${DET}\s+)?((?:[\p{L}-]+\s+){0,2}?[\p{L}-]+)\s+(?:(?:on|at|for|in)\s+)?(?:the\s+)?$`,
  'iu',
);
/** "would the dress fitting on monday suit you?": a thing asked of with the day offered for it, when the question asks whether it suits. */
const ASKED_THING = new RegExp(String.raw`\b(?:would|could|does|will|can)\s+${DET}\s+((?:[\p{L}-]+\s+){0,2}?[\p{L}-]+)\s+(?:(?:on|at|for|in)\s+)?(?:the\s+)?$`, 'iu');
/** "would monday at ten work for the photo shoot?": a day offered for the thing named after it. */
const FOR_THING = new RegExp(
  String.raw`^[\s,]*(?:work|suit|do|be\s+(?:ok|okay|fine|good|possible))\s+(?:(?:you|us|everyone|everybody)\s+)?for\s+${DET}\s+((?:[\p{L}-]+\s+){0,2}?[\p{L}-]+?)(?=[\s,]*(?:[?.!]|$))`,
  'iu',
);

/** The thing a day is offered for, named before the day or after it. */
export function offeredFor(before: string, after: string, names: readonly string[]): string | undefined {
  const asked = ASKED_THING.exec(before);
  const found = OFFERED_THING.exec(before) ?? (asked && SUITS.test(after) ? asked : null);
  if (found) return namesAThing(before, found[1]!, names, true) ? found[1] : undefined;
  const thing = FOR_THING.exec(after)?.[1];
  return thing && namesAThing(after, thing, names, true) ? thing : undefined;
}

/** A phrase in lower case but for words said in capitals ("the AGM", "our CPR course"). */
export const keptCapitals = (phrase: string | undefined): string | undefined => phrase?.replace(/\S+/g, (w) => (inCapitals(w) ? w : w.toLowerCase()));
