// Where an appointment takes place, as said in its sentence: a place noun with what names it
// ("in room four" → "Room 4", "at the Berlin office" → "Berlin office"), an online service
// ("on zoom" → "Zoom"), a street and what is on it ("at sugar and spice on market street" →
// "Sugar and spice, Market Street"), or, in a cased transcript, a proper name after "in"/"at" ("in Berlin", "at the Roundhouse").
// The first of them in the sentence wins. Spoken numbers become digits.
const UNITS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];
const TEENS = ['ten', 'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen'];
const TENS = ['twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
const NUMBER_WORD = `(?:${[...UNITS, ...TEENS, ...TENS, 'oh'].join('|')})`;
const PLACE_NOUN =
  '(?:conference room|meeting room|board ?room|room|office|offices|building|floor|hall|auditorium|lobby|reception|cafeteria|canteen|cafe|café|restaurant|hotel|bar|pub|kitchen|lab|library|studio|warehouse|hq|headquarters|campus|site|plant|factory|store|shop|branch|museum|gallery|church|chapel|school|centre|center|park|club|clubhouse|clubrooms?|oval|gym|theatre|theater|cinema|station|airport|clinic|hospital|surgery|stadium|arena|venue|pitch(?:es)?|fields?|grounds?|courts?|track|pool|rink|astro|gates?|entrance|bakery|bistro|trattoria|pizzeria|diner|deli|brewery|winery|villa|salon|terrace|garden|gardens|courtyard|patio|lounge|rooftop|farm|garage|depot|yard|trailer|cabin|portakabin|portacabin|hut|shed|barn|dock|compound|basement|car park|parking lot|marina|beach|harbou?r|pier|lodge|inn|pavilion|temple|mosque|synagogue|cathedral|courthouse|bank|pharmacy)';
const WORD = "[\\p{L}][\\p{L}'’-]*";
/** Grounds played on, said with "on": "on the main oval", "on court two". */
const GROUND = 'ovals?|pitch(?:es)?|fields?|courts?|track|green|rink';
/** What may follow a ground said with "on" ("decide on the pitch colours" names none). */
const GROUND_ENDS = String.raw`(?=\s*(?:[,.;!?]|$)|\s+(?:at|on|from|for|this|next|with|after|before|until|till|tomorrow|today|tonight|and|then)\b)`;
const IDENTIFIER = `\\s+(?:\\d+[a-z]?|[a-z](?![\\p{L}\\d'’])|${NUMBER_WORD}(?:[\\s-]+${NUMBER_WORD})*)`;
// Up to two words that name the place ("Berlin", "main", "small meeting"), then the noun and its number.
const PLACE = new RegExp(`\\b(?:in|at|on(?=\\s+(?:the\\s+)?(?:${WORD}\\s+){0,2}(?:${GROUND})(?:${IDENTIFIER})?${GROUND_ENDS})|(?:moves?|moved|moving|goes|going)\\s+to|(?:leaves|leaving|departs|departing)\\s+from|(?:starts?|starting|sets? off|setting off)(?:\\s+(?:at|around|about)\\s+[\\d:]+(?:\\s*[ap]m)?)?\\s+from)\\s+(?:(?:the|our|their|your|my|a)\\s+)?((?:${WORD}\\s+){0,2}?${PLACE_NOUN}(?:\\s+${PLACE_NOUN})?(?:${IDENTIFIER})?)(?![\\p{L}])`, 'iu');
const ONLINE = /\b(?:on|over|via|by|in)\s+(zoom|teams|microsoft teams|google meet|skype|webex|slack)\b/i;
const ONLINE_NAMES: Readonly<Record<string, string>> = { zoom: 'Zoom', teams: 'Microsoft Teams', 'microsoft teams': 'Microsoft Teams', 'google meet': 'Google Meet', skype: 'Skype', webex: 'Webex', slack: 'Slack' };
// A proper name: capitalised words, the first not a day, a month or a word capitalised for other reasons;
// after "the" too ("at the Stadthalle"), though not a name in capitals ("at the AGM").
const NAMED = /\b(?:[Ii]n|[Aa]t)\s+(?:the\s+(?=\p{Lu}\p{Ll}))?((?:[A-Z][\p{L}'’-]+)(?:\s+(?:[A-Z][\p{L}'’-]+|of|de|am|an))*(?<![\s](?:of|de|am|an)))/u;
const NOT_A_NAME =
  /^(?:I|The|A|An|Our|My|Your|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|January|February|March|April|May|June|July|August|September|October|November|December|Christmas|Easter|Noon|Midnight|Zoom|Teams|Skype|Webex|Slack|Google|Microsoft|AM|PM)\b/;
// Words that end a place's name rather than name it ("meet at four in room …" never gives "four in room").
const NOT_A_MODIFIER = new Set(['in', 'at', 'on', 'to', 'for', 'and', 'or', 'of', 'then', 'with', 'meet', 'meeting', 'call', 'same', 'usual', 'this', 'that', 'next', 'one', 'our']);

/** "four" → "4", "two oh five" → "205", "forty two" → "42"; digits and letters stay. */
function spokenDigits(words: string): string {
  let out = '';
  const tokens = words.toLowerCase().split(/[\s-]+/).filter(Boolean);
  for (let i = 0; i < tokens.length; i += 1) {
    const t = tokens[i]!;
    if (t === 'oh') out += '0';
    else if (UNITS.includes(t)) out += String(UNITS.indexOf(t));
    else if (TEENS.includes(t)) out += String(TEENS.indexOf(t) + 10);
    else if (TENS.includes(t)) {
      const next = tokens[i + 1];
      const unit = next && UNITS.indexOf(next) > 0 ? UNITS.indexOf(next) : 0;
      if (unit) i += 1;
      out += String((TENS.indexOf(t) + 2) * 10 + unit);
    } else out += t.toUpperCase();
  }
  return out;
}

interface Place {
  readonly index: number;
  readonly length: number;
  readonly label: string;
}

const capitalise = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

function placeNoun(sentence: string): Place | undefined {
  const match = PLACE.exec(sentence);
  if (!match) return undefined;
  const phrase = match[1]!.replace(/\s+/g, ' ').trim();
  // The place noun is a word of its own ("Rosebank Hotel" is no bank).
  const split = new RegExp(`^(.*?)(?<![\\p{L}'’-])(${PLACE_NOUN}(?:\\s+${PLACE_NOUN})?)(?:\\s+(.+))?$`, 'iu').exec(phrase)!;
  const modifiers = split[1]!.trim().split(' ').filter(Boolean);
  const first = modifiers.findLastIndex((w) => NOT_A_MODIFIER.has(w.toLowerCase()));
  const kept = modifiers.slice(first + 1);
  // Words keep the case they were said in ("Grand Hotel", "main office"); the label starts with a capital.
  const label = capitalise([...kept, split[2]!].join(' '));
  return { index: match.index, length: match[0].length, label: split[3] ? `${label} ${spokenDigits(split[3])}` : label };
}

function named(sentence: string): Place | undefined {
  const match = NAMED.exec(sentence);
  if (!match || NOT_A_NAME.test(match[1]!)) return undefined;
  return { index: match.index, length: match[0].length, label: match[1]! };
}

function online(sentence: string): Place | undefined {
  const match = ONLINE.exec(sentence);
  return match ? { index: match.index, length: match[0].length, label: ONLINE_NAMES[match[1]!.toLowerCase()]! } : undefined;
}

const STREET_NOUN = '(?:street|road|avenue|lane|square|boulevard|drive|terrace|crescent|parade|row|walk|hill)';
/** "on market street", "at the high street", "at sugar and spice on market street": a street, and the place on it named before it. */
const STREET = new RegExp(`\\b(?:at\\s+((?:${WORD}\\s+){0,3}${WORD})\\s+)?(?:on|in|at)\\s+(?:the\\s+)?((?:(?!(?:the|a|an|our|my|your|their|this|that)\\s)${WORD}\\s+){1,2}${STREET_NOUN})(?![\\p{L}])`, 'iu');
const titleCase = (words: string): string => words.replace(/\p{L}+/gu, (w) => capitalise(w.toLowerCase()));

function street(sentence: string): Place | undefined {
  const match = STREET.exec(sentence);
  if (!match) return undefined;
  const words = match[2]!.split(/\s+/);
  // "meet at four on the main road": words that end a name ("on", "meet") are no part of the street's.
  if (words.slice(0, -1).some((w) => NOT_A_MODIFIER.has(w.toLowerCase()))) return undefined;
  const on = match[1] && !new RegExp(`^(?:${NUMBER_WORD}|\\d)`, 'iu').test(match[1]) ? match[1] : undefined;
  const label = titleCase(words.join(' '));
  return { index: match.index, length: match[0].length, label: on ? `${capitalise(on.replace(/^(?:the|our|their|your|my|a)\s+/i, ''))}, ${label}` : label };
}

/** "…, that's eight thirty in the morning in New York": the place a time is told for elsewhere, not where it happens. */
const TIME_ELSEWHERE = /\b(?:that's|that is|which is|which would be)\s+(?:(?:about|around)\s+)?(?:\d{1,2}(?::\d{2})?|(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)(?:\s+[a-z]+)?)(?:\s*[ap]\.?m\.?|\s+in\s+the\s+(?:morning|afternoon|evening)|\s+at\s+night)?\s+$/i;

/** The place the sentence names first (of two readings from the same word, the longer). */
function findPlace(sentence: string): Place | undefined {
  const found = [online(sentence), placeNoun(sentence), named(sentence), street(sentence)].filter((p): p is Place => p !== undefined && !TIME_ELSEWHERE.test(sentence.slice(0, p.index)));
  return found.sort((a, b) => a.index - b.index || b.length - a.length)[0];
}

/** "in room four" → "Room 4", "at the Berlin office" → "Berlin office", "on zoom" → "Zoom"; "" when none. */
export function findLocation(sentence: string): string {
  return findPlace(sentence)?.label ?? '';
}

/** The words before a place said last ("the party is at the pub " → "the party is "), or undefined when no place ends them. */
export function beforePlaceAtEnd(text: string): string | undefined {
  const place = findPlace(text);
  return place && /^\s*$/.test(text.slice(place.index + place.length)) ? `${text.slice(0, place.index)} ` : undefined;
}

/** The sentence without the place it names. */
export function withoutPlace(sentence: string): string {
  const place = findPlace(sentence);
  return place ? `${sentence.slice(0, place.index)} ${sentence.slice(place.index + place.length)}` : sentence;
}

const ONE_PLACE = new RegExp(`^${PLACE_NOUN}$`, 'i');
/** Whether a thing's name is a place ("Hall", "Function room"): its last word, or last two, a place noun. */
export function namesAPlace(name: string): boolean {
  const words = name.toLowerCase().split(/\s+/);
  return ONE_PLACE.test(words.at(-1)!) || ONE_PLACE.test(words.slice(-2).join(' '));
}
