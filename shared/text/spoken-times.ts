// Spoken clock times as digits chrono-node understands: number words before "p m", "a m" and
// "o'clock" ("three thirty p m" → "3:30 pm"), with a part of the day ("around eight in the morning"
// → "at 8 am"), after "at" where a time can end ("at ten" →
// "at 10"), spans ("from nine to one" → "from 9 to 1", "between eight and one" too), a time offered
// or agreed ("make it six", "six works" → "at 6"), minutes past or to the hour ("half past
// three" → "3:30", "twenty to four" → "3:40"), "midnight" as the last minute of its day, a year
// said after its month ("march nineteen sixty five" → "march 1965"), "a fortnight" as two weeks,
// and "on the twelfth of" before a month, which chrono joins to a time only without "the".
// Everything else is left as it was.
import { CLOCK_HOUR_WORD, MONTH_NAMES, WEEKDAY } from './calendar.ts';
import { ORDINAL_WORD } from './ordinal-day.ts';

const UNITS = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];
const TEENS = ['ten', 'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen'];
const DECADE_WORDS = ['twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
/** The tens a minute can have. */
const TENS = DECADE_WORDS.slice(0, 4);
const WORD_VALUES: ReadonlyMap<string, number> = new Map([
  ...UNITS.map((w, i) => [w, i + 1] as const),
  ...TEENS.map((w, i) => [w, i + 10] as const),
  ...DECADE_WORDS.map((w, i) => [w, (i + 2) * 10] as const),
]);

/** A number said in words up to ninety-nine ("six", "fifteen", "forty five"), as a regular-expression source that spokenNumber reads. */
export const NUMBER_WORD = `(?:(?:${DECADE_WORDS.join('|')})[\\s-](?:${UNITS.join('|')})|${[...DECADE_WORDS, ...TEENS, ...UNITS].join('|')})`;

const END = '(?![\\w])';
/**
 * An hour said as a word or digits, and (MINUTE) its minutes, each as one capture group: "five",
 * "5"; "thirty", "oh five". Not the hour of a clock time ("3" of "3:45").
 */
export const HOUR = `(?<![\\d:])(\\d{1,2}|${CLOCK_HOUR_WORD})${END}(?!:\\d)`;
export const MINUTE = `((?:oh|o)[ -](?:${UNITS.join('|')})|(?:${TENS.join('|')})(?:[ -](?:${UNITS.join('|')}))?|${TEENS.join('|')}|\\d{2})${END}`;
/** Minutes said before "past" or "to": "five", "ten", "twenty five", or any number with "minutes" ("two to four" is a span). */
const MINUTES_OFF = `(?:(?:five|ten|twenty|twenty[ -]five)(?: minutes)?|(?:(?:twenty[ -])?(?:${UNITS.join('|')})|${TEENS.join('|')}|\\d{1,2}) minutes)`;
const MERIDIEM = `([ap])\\.? ?m\\b\\.?`;
const OCLOCK = `o['’]? ?clock${END}`;

const MONTH_NAME = `(?:${MONTH_NAMES.join('|')})`;
/** The last two digits of a year said as a number: "fifty two", "oh five", "thirteen". */
const TWO_DIGITS = `(?:${DECADE_WORDS.join('|')})(?:[ -](?:${UNITS.join('|')}))?|${TEENS.join('|')}`;
const YEAR_END = `(?:(?:oh|o)[ -](?:${UNITS.join('|')})|${TWO_DIGITS}|hundred)`;
const CENTURY = `(?:${[...TEENS.slice(1), 'twenty'].join('|')})`;
/** "nineteen sixty five", "eighteen forty", "twenty twenty six", "two thousand and nine". */
const SPOKEN_YEAR = `(${CENTURY}[ -]${YEAR_END}|two thousand(?:(?: and)? (?:${TWO_DIGITS}|${UNITS.join('|')}))?)${END}`;

/** A year said in words → its digits: "nineteen sixty five" → 1965, "two thousand and nine" → 2009. */
function spokenYear(text: string): string | undefined {
  const words = text.toLowerCase().replace(/ and /g, ' ').split(/[ -]+/);
  const number = (ws: readonly string[]): number => ws.reduce((sum, w) => sum + (WORD_VALUES.get(w) ?? (w === 'oh' || w === 'o' ? 0 : Number.NaN)), 0);
  const year = words[0] === 'two' && words[1] === 'thousand' ? 2000 + number(words.slice(2)) : number(words.slice(0, 1)) * 100 + (words[1] === 'hundred' ? 0 : number(words.slice(1)));
  return year >= 1600 && year <= 2199 ? String(year) : undefined;
}

/** A spoken number (word, "forty five", "oh five" or digits) → its value, or NaN. */
export function spokenNumber(text: string): number {
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

/** Where a spoken time can end: before punctuation, the end, am/pm, a day, a preposition, a pronoun or a verb ("at two will take an hour"). */
/** A day or a part of the day after a time: "3 pm", "on …", "tomorrow", "friday". */
const DAY_WORDS = `[ap]m|on|tomorrow|today|tonight|next|this|sharp|start|kick[- ]?off|curtain|${WEEKDAY}`;
const TIME_CAN_END = `(?=\\s*(?:[,.;:!?]|$)|\\s+(?:${DAY_WORDS}|in|at|with|for|to|from|outside|near|and|or|so|then|instead|again|please|both|though|but|because|if|when|before|after|until|till|onwards|the|we|i|you|they|he|she|it|our|my|your|their|his|her|local|will|would|should|could|can|must|might|may|shall|is|was|takes|runs|lasts|starts|finishes|ends|be|work|works|suit|suits|sound|sounds|okay|ok|fine|alright|here|there|that\\s+(?:day|morning|afternoon|evening|night))\\b)`;

/** "let's say", "shall we do", "let's go with": a time or day offered by what follows (dates-said.ts reads an offer with it too). */
export const LETS_OFFER = `(?:let's|let us|shall we|should we) (?:say|do|go for|go with)`;
/**
 * "make it", "how about", "let's say", "can we do", "move the review to": words that offer another
 * day or time for a thing just said (read by event-moved.ts, dates-said.ts and retrieval.ts).
 */
export const OFFERS_ANOTHER = `(?:make it|how about|what about|${LETS_OFFER}|(?:can|could|shall|should) we do|(?:move|push|shift|bring|reschedule|postpone|change)\\s+(?!on\\b)(?:[\\w'-]+\\s+){0,6}?to)`;
/** Words that offer a time without "at": "make it six", "how about six thirty", "let's go with four fifteen", "…, say three". */
const OFFERED = `make it|how about|what about|${LETS_OFFER}|let(?:'s| us) make it|push it to|move it to|bring it forward to|(?<=(?:^|[,;:.!?])\\s*)say`;
/** A day or a part of the day after a time, if there is one (captured): what makes "for seven thirty" a time. */
const DAY_AFTER = `(?=(\\s+(?:${DAY_WORDS})\\b)?)`;

/** Not after a word of change: "went up by two fifty" is an amount. */
const NO_CHANGE_BY = `(?<!\\b(?:up|down|reduced?|cut|increased?|raised?|rose|fell|dropped|grew|went|gone|changed?|discounted?)\\s+)`;

/** Words that say an hour is not exact: "around eight". */
const ABOUT = 'around|about|roughly|approximately';
/** The end of a working day as a time's cue: an hour said after it is the evening's ("after close, around eleven"). */
export const AFTER_WORK = 'after\\s+(?:work|close|closing(?:\\s+time)?|service|hours)';

type Groups = Array<string | undefined>;
const RULES: ReadonlyArray<[RegExp, (...groups: Groups) => string | undefined]> = [
  // "half past three" → "3:30", "quarter to four" → "3:45", "ten past nine" → "9:10", "twenty
  // five to six" → "5:35" where a time can end ("five to six volunteers" is a count; "from five to six" a span, but
  // "from twenty five past seven" a time), and after
  // "at", "half nine" → "9:30" (as said in Britain). First, so "at five to six" is not read as "at 5".
  [new RegExp(`\\b(?:(half|quarter) (past|to) ${HOUR}|(?<!\\b(?:twenty|thirty|forty|fifty)[ -])(${MINUTES_OFF}) (past|after|(?<!\\b(?:from|between) ${MINUTES_OFF} )to) ${HOUR}${TIME_CAN_END})`, 'gi'), (...groups) => {
    const [part, dir, h] = groups[0] ? groups.slice(0, 3) : groups.slice(3, 6);
    const hour = spokenNumber(h!);
    const minutes = part!.toLowerCase() === 'half' ? 30 : part!.toLowerCase() === 'quarter' ? 15 : spokenNumber(part!.replace(/\s+minutes$/i, ''));
    if (!(hour >= 1 && hour <= 12 && minutes >= 1 && minutes <= 30)) return undefined;
    if (dir!.toLowerCase() !== 'to') return `${hour}:${String(minutes).padStart(2, '0')}`;
    return minutes === 30 ? undefined : `${hour === 1 ? 12 : hour - 1}:${String(60 - minutes).padStart(2, '0')}`;
  }],
  // "by half seven", "make it half four", "…, half seven curtain", "friday the eighteenth half seven": after a word that leads a time, a comma or a day.
  [new RegExp(`(?:\\b(at|by|until|till|from|around|about|before|after|${OFFERED})|(?<=,|\\b(?:${WEEKDAY}|${ORDINAL_WORD}|\\d{1,2}(?:st|nd|rd|th)|today|tomorrow|tonight))) half ${HOUR}${TIME_CAN_END}`, 'gi'), (lead, h) => {
    const hour = spokenNumber(h!);
    return hour >= 1 && hour <= 12 ? `${lead ?? ' at'} ${hour}:30` : undefined;
  }],
  // "ten o'clock" → "10:00", "ten o'clock p m" → "10:00 pm"
  [new RegExp(`\\b${HOUR} ${OCLOCK}(?: ${MERIDIEM})?`, 'gi'), (h, ap) => `${clockText(h!, '00')}${ap ? ` ${ap.toLowerCase()}m` : ''}`],
  // "three p m" → "3 pm", "three thirty pm" → "3:30 pm", "3 p.m." → "3 pm"
  [new RegExp(`\\b${HOUR}(?:[ :]${MINUTE})? ?${MERIDIEM}`, 'gi'), (h, m, ap) => {
    const time = clockText(h!, m);
    return time && `${time} ${ap!.toLowerCase()}m`;
  }],
  // "around eight in the morning", "by six at night" → "at 8 am", "by 6 pm"; "at about nine" → "at 9":
  // an hour with its part of the day after a time's lead or "around", or "around" an hour after "at"
  // or "by" ("we have three in the morning", "about eight people" are counts).
  [new RegExp(`\\b(?:(at|by|from|until|till|before|after|for|since) )?(?:(${ABOUT}) )?${HOUR}(?: ${MINUTE})? (?:in the (morning|afternoon|evening)|at (night))\\b`, 'gi'), (lead, about, h, m, part, night) => {
    const time = (lead || about) && clockText(h!, m);
    const hour = time ? Number.parseInt(time, 10) : Number.NaN;
    // "twelve at night" is midnight, which the rule for it reads; "twelve in the morning" no hour.
    if (hour === 12 && (night || /^morning$/i.test(part!))) return night && time === '12' ? `${lead ?? 'at'} midnight` : undefined;
    const pm = night || /^(?:afternoon|evening)$/i.test(part!);
    return hour >= 1 && hour <= 12 ? `${lead ?? 'at'} ${time} ${pm ? 'pm' : 'am'}` : undefined;
  }],
  [new RegExp(`\\b(at|by) (?:${ABOUT}) ${HOUR}(?: ${MINUTE})?${TIME_CAN_END}`, 'gi'), (lead, h, m) => {
    // "by 9" is no time to chrono, "by 9:00" is.
    const time = clockText(h!, m ?? '00');
    return time && `${lead} ${time}`;
  }],
  // "next thursday after work, around six" → "next thursday at 6:00 after work" ("saturday after close, around
  // eleven thirty" → "… at 11:30 after close", "after class" or "after the match" too): "around" an hour right after a day,
  // put beside it so chrono reads one mention ("about six people" stays a count).
  // "on the sixteenth, early morning, around six" → "… at 6:00 in the morning".
  [new RegExp(`\\b(${WEEKDAY}|tomorrow|today|tonight|${ORDINAL_WORD}|\\d{1,2}(?:st|nd|rd|th))(?:,?\\s+(?:(?:early|late)\\s+)?(?:in\\s+the\\s+)?(morning|afternoon|evening))?((?:,?\\s+(?:${AFTER_WORK}|after\\s+(?:the\\s+)?(?!(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|noon|midnight)\\b)[a-z]+))?),?\\s+(?:${ABOUT}) (?:${HOUR}(?: ${MINUTE})?|(\\d{1,2}:\\d{2}))${TIME_CAN_END}`, 'gi'), (day, part, work, h, m, clock) => {
    // "around quarter to four", already "around 3:45".
    const time = clock ?? clockText(h!, m ?? '00');
    return time && `${day} at ${time}${part ? ` in the ${part.toLowerCase()}` : ''}${work?.replace(/^,/, '') ?? ''}`;
  }],
  // "at three thirty" → "at 3:30"; "booked for seven thirty on the ninth", "by ten fifteen
  // tomorrow" before a day ("sold for four fifty" is a price)
  [new RegExp(`\\b(at|for|by|from|until|till|before|after) ${HOUR} ${MINUTE}${DAY_AFTER}`, 'gi'), (lead, h, m, day) => {
    const time = lead!.toLowerCase() === 'at' || day ? clockText(h!, m) : undefined;
    return time && `${lead} ${time}`;
  }],
  // "let us know by nine tomorrow morning" → "by tomorrow morning at 9:00": an hour before the day it
  // is on, which chrono reads as a time only after the day, whole with its part of the day.
  [new RegExp(`${NO_CHANGE_BY}\\b(by|until|till|before|from) ${HOUR}\\s+(?:on\\s+)?(tomorrow|today|tonight|this\\s+(?:morning|afternoon|evening)|(?:next\\s+)?${WEEKDAY})(\\s+(?:morning|afternoon|evening|night))?\\b`, 'gi'), (lead, h, day, part) => {
    const time = clockText(h!, '00');
    return time && `${lead} ${day}${part ?? ''} at ${time}`;
  }],
  // "drop it off by eight thirty", "until five fifteen, then …": a time where one can end, but not
  // a change by an amount ("the price went up by two fifty"), nor the end of a span ("from seven till nine thirty", read below).
  [new RegExp(`${NO_CHANGE_BY}(?<!\\bfrom\\s+${CLOCK_HOUR_WORD}(?:[\\s-][a-z]+){0,2}\\s+)\\b(by|until|till|before|after) ${HOUR} ${MINUTE}${TIME_CAN_END}`, 'gi'), (lead, h, m) => {
    const time = clockText(h!, m);
    return time && `${lead} ${time}`;
  }],
  // "you'll have it by eleven", "send it over by three, please": an hour a deadline ends at, where a sentence or clause
  // ends or "at the latest" or "that morning" follows; not a change or a score ("cut it by three", "we won by two", "divide by four").
  [new RegExp(`${NO_CHANGE_BY}(?<!\\b(?:divided?|multiplied?|times|percent)\\s+|\\b(?:won|win|wins|lost|lose|loses|beat|led|leads|cut|cuts|reduce[sd]?|increase[sd]?|raise[sd]?|lower(?:ed|s)?|drop(?:ped|s)?|trim(?:med|s)?|shorten(?:ed|s)?|extend(?:ed|s)?|grow|grew|went|go|goes|up|down)\\s+(?:[a-z]+\\s+){0,2})\\bby (${CLOCK_HOUR_WORD})(?=\\s*(?:[.;,!?]|$)|\\s+(?:at the latest|latest|please|then|that\\s+(?:day|morning|afternoon|evening|night))\\b)`, 'gi'), (h) => {
    const time = clockText(h!, '00');
    return time && `by ${time}`;
  }],
  // "at ten" → "at 10" where a time can end: before punctuation, the end, a day or a preposition
  [new RegExp(`\\bat (${CLOCK_HOUR_WORD})${TIME_CAN_END}`, 'gi'), (h) => `at ${spokenNumber(h!)}`],
  // "load in is at five soundcheck at six doors at seven thirty": a run of times, each "at" an hour
  // before a word or two and the next "at" an hour, read as a list without its commas.
  [new RegExp(`\\bat (${CLOCK_HOUR_WORD})(?=\\s+(?:[a-z-]+\\s+){1,2}at\\s+(?:\\d+|${CLOCK_HOUR_WORD})\\b)`, 'gi'), (h) => `at ${spokenNumber(h!)}`],
  // "from nine to one" → "from 9 to 1", "between eight and one" → "from 8 to 1" where a time can
  // end ("from two to four volunteers", "between two and three people" are no time); "… until noon" ends at 12:00.
  [new RegExp(`\\b(?:from ${HOUR}(?: ${MINUTE})? (?:to|till|until)|between ${HOUR}(?: ${MINUTE})? and) (?:${HOUR}(?: ${MINUTE})?${TIME_CAN_END}|(noon|midday|midnight)\\b)`, 'gi'), (f1, fm1, b1, bm1, h2, m2, named) => {
    const [h1, m1] = f1 ? [f1, fm1] : [b1, bm1];
    const [from, to] = [clockText(h1!, m1), named ? (/^midnight$/i.test(named) ? '11:59 pm' : '12:00') : clockText(h2!, m2)];
    return from && to && `from ${from} to ${to}`;
  }],
  // "on a saturday, the twenty seventh, nine till four": a span said after a day and a comma, without its "from".
  [new RegExp(`\\b(${WEEKDAY}|tomorrow|today|${ORDINAL_WORD}|\\d{1,2}(?:st|nd|rd|th)|${MONTH_NAME}), ${HOUR}(?: ${MINUTE})? (?:to|till|until) ${HOUR}(?: ${MINUTE})?(?=\\s*(?:[,.;!?]|$))`, 'gi'), (day, h1, m1, h2, m2) => {
    const [from, to] = [clockText(h1!, m1), clockText(h2!, m2)];
    return from && to && `${day}, from ${from} to ${to}`;
  }],
  // "the sunday after the launch, nine till twelve at the oval" (its comma left out as a recogniser writes it): "till" spans two
  // hours, whatever said the day; not a count ("ages nine till twelve").
  [new RegExp(`(?<=^|[,\\s])(?<!\\b(?:ages?|aged|years?|grades?|pages?|chapters?|rows?|items?|numbers?|from|between)\\s+)${HOUR}(?: ${MINUTE})? (?:till|until) ${HOUR}(?: ${MINUTE})?${TIME_CAN_END}`, 'gi'), (h1, m1, h2, m2) => {
    const [from, to] = [clockText(h1!, m1), clockText(h2!, m2)];
    return from && to && `from ${from} to ${to}`;
  }],
  // "rehearsal is the twelfth, six thirty": an hour and its minutes said after a day and a comma ("the twelfth, six people" stays).
  [new RegExp(`\\b(${WEEKDAY}|tomorrow|today|${ORDINAL_WORD}|\\d{1,2}(?:st|nd|rd|th)|${MONTH_NAME}), ${HOUR} ${MINUTE}${TIME_CAN_END}`, 'gi'), (day, h, m) => {
    const time = clockText(h!, m);
    return time && `${day}, at ${time}`;
  }],
  // "saturday morning, eight to noon": a span to a named hour, whose "to" no count takes ("eight to ten people" stays).
  [new RegExp(`(?<![\\w:])(?<!\\b(?:from|between|ages?|aged|years?|grades?|pages?|chapters?|rows?|items?|numbers?)\\s+)${HOUR}(?: ${MINUTE})? (?:to|till|until) (noon|midday)\\b`, 'gi'), (h, m) => {
    const from = clockText(h!, m);
    return from && `from ${from} to 12:00`;
  }],
  // "on friday the fifth of february and six", "saturday and eleven": "at" as a recogniser often
  // hears it, after a day and before an hour (and its minutes: "the fourth of may and six thirty")
  // where a time can end ("on monday and two of us go",
  // "the eighth and three to five volunteers" stay as said).
  [new RegExp(`\\b(${WEEKDAY}|${ORDINAL_WORD}|\\d{1,2}(?:st|nd|rd|th)|${MONTH_NAME}) and (${CLOCK_HOUR_WORD})(?: (${MINUTE}))?(?!\\s+to\\s+(?:\\d|${[...TEENS, ...UNITS].join('|')})\\b)${TIME_CAN_END}`, 'gi'), (day, h, m) => `${day} at ${m ? clockText(h!, m) : spokenNumber(h!)}`],
  // "could we make it six", "how about six thirty", "shall we say five", "six works": a time offered
  // or agreed without "at", where a time can end ("how about six chairs" is a count).
  [new RegExp(`\\b(${OFFERED}) ${HOUR}(?: ${MINUTE})?${TIME_CAN_END}`, 'gi'), (lead, h, m) => {
    const time = clockText(h!, m);
    return time && `${lead} at ${time}`;
  }],
  [new RegExp(`(^|[,.;:!?]\\s*|\\b(?:yes|yeah|ok|okay|great|fine|sure|perfect)[,\\s]+)${HOUR}(?: ${MINUTE})?(?=\\s+(?:works|suits|is (?:fine|good|great|perfect|better|ok|okay))\\b)`, 'gi'), (lead, h, m) => {
    const time = clockText(h!, m);
    return time && `${lead}at ${time}`;
  }],
  // "from seven", "from seven thirty", "from eight onwards", "from six till late" → "at 7" …: a start said alone, where a time can end.
  [new RegExp(`\\bfrom (${CLOCK_HOUR_WORD})(?: ${MINUTE})?(?=\\s*(?:[,.;:!?]|$)|\\s+(?:onwards|on|tomorrow|tonight|today|next|this|at|(?:till|until)\\s+late|${WEEKDAY})\\b)`, 'gi'), (h, m) => {
    const time = m ? clockText(h!, m) : String(spokenNumber(h!));
    return time && `at ${time}`;
  }],
  // "at 3 pm on the twelfth of december" → "… on twelfth of december": chrono joins a time to
  // the date after it only without the "the" ("at 3 pm on the 12th of december" were two dates).
  [new RegExp(`\\bon the (?=(?:\\d{1,2}(?:st|nd|rd|th)|(?:twenty|thirty)?[ -]?${ORDINAL_WORD})\\s+of\\s)`, 'gi'), () => 'on '],
  // "the thursday before at four" → "the thursday before, at four": chrono reads "thursday before at 4" as this
  // week's, the "before" lost; apart, the weekday is counted from the day said before (dates-said.ts).
  [new RegExp(`\\b(the\\s+${WEEKDAY})\\s+(before|after)\\s+(?=at\\s)`, 'gi'), (day, which) => `${day} ${which}, `],
  // "wednesday lunchtime", "by lunchtime", "from midday" → "… noon", which chrono reads ("at midday" it reads itself)
  [new RegExp(`\\b((?:${WEEKDAY}|today|tomorrow|at|by|before|until|till)\\s+)lunch ?time\\b|\\b((?:from|by|before|until|till|after|since|at|around|about)\\s+)mid-?day\\b`, 'gi'), (lead, from) => `${lead ?? from}noon`],
  // "the nineteenth of june, a saturday, at ten" → "the nineteenth of june at ten": the weekday said
  // after a day as what it is names that day again (chrono reads "a saturday" apart, and drops the time
  // with it); after a day and its month, without the commas too ("the nineteenth of june saturday at
  // ten", as a recogniser writes it; "the third monday" is a day of its own).
  [new RegExp(`\\b((?:(?:twenty|thirty)[ -]?)?${ORDINAL_WORD}|\\d{1,2}(?:st|nd|rd|th))(?:((?:\\s+of)?\\s+${MONTH_NAME})(?:,\\s+(?:a|which\\s+is\\s+a)\\s+|\\s+)|,\\s+(?:a|which\\s+is\\s+a)\\s+)${WEEKDAY}\\b,?`, 'gi'), (day, month) => `${day}${month ?? ''}`],
  // "thursday arvo", "this arvo" → "… afternoon": the word Australians say for it
  [/\barvo\b/gi, () => 'afternoon'],
  // "in a fortnight" → "in two weeks", which chrono reads
  [/\b(?:a|one)\s+fortnight\b/gi, () => 'two weeks'],
  // "by friday at midnight", "midnight tonight" → "… 11:59 pm": the end of the day said, as a
  // deadline means it (chrono reads it as the day's first minute, and "midnight tonight" as noon).
  [new RegExp(`\\b(?:(at|by|before|until|till|is|be|around|about)\\s+midnight\\b|midnight(?=\\s+(?:tonight|tomorrow|today|on|this|next|${WEEKDAY})\\b))`, 'gi'), (lead) => (lead ? `${lead} 11:59 pm` : '11:59 pm')],
  // "the fourth of july eighteen forty" → "… july 1840", "march nineteen sixty five" → "march 1965": a year said after its month.
  [new RegExp(`\\b(${MONTH_NAME}),? ${SPOKEN_YEAR}`, 'gi'), (month, year) => {
    const digits = spokenYear(year!);
    return digits && `${month} ${digits}`;
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
