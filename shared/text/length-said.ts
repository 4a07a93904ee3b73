// How long a thing is said to take: "should take about six hours", "for an hour and a half",
// "it runs for ninety minutes", "a two hour workshop". A length follows a word that says it is one
// ("for", "takes", "lasts", "runs") or names the thing it is the length of ("a two hour
// workshop"), so "two hours before the show" or "in three hours" is no length. Deterministic.
import { NUMBER_WORD, spokenNumber } from './spoken-times.ts';

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;
/** The longest length a single sitting is given (a longer one is a trip or a stay, not an appointment's end). */
const LONGEST_MS = 12 * HOUR_MS;

/** How many: digits, "a", "a couple of" or a number in words ("two", "ninety", "forty five"). */
const COUNT = String.raw`(\d+|a couple of|couple of|an|a|${NUMBER_WORD})`;
/** Words that say a length follows: "for", "takes", "should take", "lasts", "runs for". */
const LEAD = String.raw`\b(?:for|takes?|taking|took|lasts?|lasting|runs?\s+for|running\s+for)\s+(?:(?:about|around|roughly|approximately|maybe|perhaps|probably|up\s+to|a\s+good|just\s+over|just\s+under)\s+)?`;
const SAID = new RegExp(String.raw`${LEAD}(?:(half\s+an\s+hour)|${COUNT}(?:\s+and\s+a\s+half)?\s+(hours?|minutes?|mins?)(?:\s+and\s+a\s+half)?)\b`, 'i');
/** "a two hour workshop", "a ninety-minute session": the length of the thing it names. */
const OF_A_THING = new RegExp(String.raw`\b(?:a|an|the)\s+${COUNT}[\s-](hour|minute)(?:[\s-]long)?\s+(?=[\p{L}])`, 'iu');

function countOf(said: string): number {
  const word = said.toLowerCase();
  return /^an?$/.test(word) ? 1 : /couple/.test(word) ? 2 : spokenNumber(word);
}

const unitMs = (unit: string): number => (/^h/i.test(unit) ? HOUR_MS : MINUTE_MS);

/** The length said in `text`, in milliseconds; undefined when none is said (or one too long for a sitting). */
export function lengthSaid(text: string): number | undefined {
  const found = SAID.exec(text);
  let ms: number | undefined;
  if (found?.[1]) ms = HOUR_MS / 2;
  else if (found?.[2]) ms = countOf(found[2]) * unitMs(found[3]!) + (/\bhalf\b/i.test(found[0]) ? unitMs(found[3]!) / 2 : 0);
  else {
    const thing = OF_A_THING.exec(text);
    if (thing) ms = countOf(thing[1]!) * unitMs(thing[2]!);
  }
  return ms && ms <= LONGEST_MS ? ms : undefined;
}

/** The text without the length it says: "let's meet at three for half an hour" → "let's meet at three", "a two hour workshop" → "a workshop". */
export function withoutLength(text: string): string {
  const found = SAID.exec(text);
  if (found) return `${text.slice(0, found.index)}${text.slice(found.index + found[0].length)}`.replace(/\s+([,.;:!?]|$)/g, '$1');
  const thing = OF_A_THING.exec(text);
  if (!thing) return text;
  const from = thing.index + thing[0].search(/\s/) + 1;
  return `${text.slice(0, from)}${text.slice(thing.index + thing[0].length)}`;
}
