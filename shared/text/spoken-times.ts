// Spoken clock times as digits chrono-node understands: number words before "p m", "a m" and
// "o'clock" ("three thirty p m" → "3:30 pm"), after "at" where a time can end ("at ten" →
// "at 10"), spans ("from nine to one" → "from 9 to 1"), "half past three" → "3:30", and "on the
// twelfth of" before a month, which chrono joins to a time only without "the", and "midnight"
// as the last minute of its day. Everything else is left as it was.
import { WEEKDAY } from './calendar.ts';
import { ORDINAL_WORD } from './ordinal-day.ts';

const UNITS = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];
const TEENS = ['ten', 'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen'];
const TENS = ['twenty', 'thirty', 'forty', 'fifty'];
const WORD_VALUES: ReadonlyMap<string, number> = new Map([
  ...UNITS.map((w, i) => [w, i + 1] as const),
  ...TEENS.map((w, i) => [w, i + 10] as const),
  ...TENS.map((w, i) => [w, (i + 2) * 10] as const),
]);

const END = '(?![\\w])';
const HOUR = `(?<![\\d:])(\\d{1,2}|${[...TEENS.slice(0, 3), ...UNITS].join('|')})${END}`;
const MINUTE = `((?:oh|o)[ -](?:${UNITS.join('|')})|(?:${TENS.join('|')})(?:[ -](?:${UNITS.join('|')}))?|${TEENS.join('|')}|\\d{2})${END}`;
const MERIDIEM = `([ap])\\.? ?m\\b\\.?`;
const OCLOCK = `o['’]? ?clock${END}`;

/** A spoken number (word, "forty five", "oh five" or digits) → its value, or NaN. */
function spokenNumber(text: string): number {
  const words = text.toLowerCase().split(/[ -]+/).filter((w) => w !== 'oh' && w !== 'o');
  if (words.length === 1 && /^\d+$/.test(words[0]!)) return Number(words[0]);
  return words.reduce((sum, w) => sum + (WORD_VALUES.get(w) ?? Number.NaN), 0);
}

function clockText(hourText: string, minuteText: string | undefined): string | undefined {
  const hour = spokenNumber(hourText);
  const minute = minuteText === undefined ? 0 : spokenNumber(minuteText);
  if (!(hour >= 0 && hour <= 23 && minute >= 0 && minute <= 59)) return undefined;
  return minuteText === undefined ? String(hour) : `${hour}:${String(minute).padStart(2, '0')}`;
}

/** Where a spoken time can end: before punctuation, the end, am/pm, a day or a preposition. */
const TIME_CAN_END = `(?=\\s*(?:[,.;:!?]|$)|\\s+(?:[ap]m|on|in|at|tomorrow|today|tonight|next|this|with|for|to|and|or|sharp|${WEEKDAY})\\b)`;

type Groups = Array<string | undefined>;
const RULES: ReadonlyArray<[RegExp, (...groups: Groups) => string | undefined]> = [
  // "ten o'clock" → "10:00", "ten o'clock p m" → "10:00 pm"
  [new RegExp(`\\b${HOUR} ${OCLOCK}(?: ${MERIDIEM})?`, 'gi'), (h, ap) => `${clockText(h!, '00')}${ap ? ` ${ap.toLowerCase()}m` : ''}`],
  // "three p m" → "3 pm", "three thirty pm" → "3:30 pm", "3 p.m." → "3 pm"
  [new RegExp(`\\b${HOUR}(?:[ :]${MINUTE})? ?${MERIDIEM}`, 'gi'), (h, m, ap) => {
    const time = clockText(h!, m);
    return time && `${time} ${ap!.toLowerCase()}m`;
  }],
  // "at three thirty" → "at 3:30"
  [new RegExp(`\\bat ${HOUR} ${MINUTE}`, 'gi'), (h, m) => {
    const time = clockText(h!, m);
    return time && `at ${time}`;
  }],
  // "at ten" → "at 10" where a time can end: before punctuation, the end, a day or a preposition
  [new RegExp(`\\bat (${[...TEENS.slice(0, 3), ...UNITS].join('|')})${TIME_CAN_END}`, 'gi'), (h) => `at ${spokenNumber(h!)}`],
  // "from nine to one" → "from 9 to 1" where a time can end ("from two to four volunteers" is no time)
  [new RegExp(`\\bfrom ${HOUR}(?: ${MINUTE})? (?:to|till|until) ${HOUR}(?: ${MINUTE})?${TIME_CAN_END}`, 'gi'), (h1, m1, h2, m2) => {
    const [from, to] = [clockText(h1!, m1), clockText(h2!, m2)];
    return from && to && `from ${from} to ${to}`;
  }],
  // "at 3 pm on the twelfth of december" → "… on twelfth of december": chrono joins a time to
  // the date after it only without the "the" ("at 3 pm on the 12th of december" were two dates).
  [new RegExp(`\\bon the (?=(?:\\d{1,2}(?:st|nd|rd|th)|(?:twenty|thirty)?[ -]?${ORDINAL_WORD})\\s+of\\s)`, 'gi'), () => 'on '],
  // "by friday at midnight", "midnight tonight" → "… 11:59 pm": the end of the day said, as a
  // deadline means it (chrono reads it as the day's first minute, and "midnight tonight" as noon).
  [new RegExp(`\\b(?:(at|by|before|until|till|is|be|around|about)\\s+midnight\\b|midnight(?=\\s+(?:tonight|tomorrow|today|on|this|next|${WEEKDAY})\\b))`, 'gi'), (lead) => (lead ? `${lead} 11:59 pm` : '11:59 pm')],
  // "half past three" → "3:30", "quarter past three" → "3:15", "quarter to four" → "3:45"
  [new RegExp(`\\b(half|quarter) (past|to) ${HOUR}`, 'gi'), (part, dir, h) => {
    const hour = spokenNumber(h!);
    if (!(hour >= 1 && hour <= 12)) return undefined;
    if (dir!.toLowerCase() === 'to') return part!.toLowerCase() === 'quarter' ? `${hour === 1 ? 12 : hour - 1}:45` : undefined;
    return `${hour}:${part!.toLowerCase() === 'half' ? '30' : '15'}`;
  }],
];

/** Spoken clock times → digits; everything else is left as it was. */
export function normaliseSpokenTimes(text: string): string {
  let out = typeof text === 'string' ? text : '';
  for (const [pattern, replace] of RULES) {
    // The callback gets (match, ...captures, offset, input): drop the last two.
    out = out.replace(pattern, (whole: string, ...rest: unknown[]) => replace(...(rest.slice(0, -2) as Groups)) ?? whole);
  }
  return out;
}
