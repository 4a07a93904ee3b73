// Time zones said after a time ("at three p m eastern", "ten a m pacific time", "noon new york
// time", "four p m UK time"): the time is that zone's wall clock, read back in the recording's
// zone. A region or an abbreviation after any time; a city (any IANA zone's, "tokyo", "new york")
// only with "time" after it ("at three london bridge" names a place; "at ten berlin time" with a
// bare hour too); "their time", "local time" when the text names the city they are in ("… their
// time, they're in new york", "the berlin team wants it … their time"). Deterministic; no I/O.
import { instantOf, wallClockIn, type WallClock } from '../domain/time-zones.ts';
import { CLOCK_HOUR, CLOCK_HOUR_WORD, WEEKDAY } from './calendar.ts';
import { spokenNumber } from './spoken-times.ts';
import { ORDINAL_WORD } from './ordinal-day.ts';

/** Regions and abbreviations, longer first ("central european" before "central"). */
const REGIONS: ReadonlyArray<[string, string]> = [
  ['central european(?: (?:standard|summer))?(?: time)?|cet|cest', 'Europe/Berlin'],
  ['eastern(?: (?:standard|daylight))?(?: time)?|est|edt|et', 'America/New_York'],
  ['central(?: (?:standard|daylight))?(?: time)?|cst|cdt|ct', 'America/Chicago'],
  ['mountain(?: (?:standard|daylight))?(?: time)?|mst|mdt|mt', 'America/Denver'],
  ['pacific(?: (?:standard|daylight))?(?: time)?|pst|pdt|pt', 'America/Los_Angeles'],
  ['(?:uk|british)(?: time)?|gmt|bst', 'Europe/London'],
  ['utc', 'UTC'],
];

/** A time said with am/pm or minutes, noon or midnight, as spoken-times.ts writes it. */
const TIME_SAID = '\\d{1,2}(?::\\d{2})?\\s*[ap]m|\\d{1,2}:\\d{2}|noon|midnight';
/** The day said between the time and its zone: "midnight on the eighteenth, pacific time", "5 pm on friday eastern". */
const DAY_BETWEEN = String.raw`(?:\s+(?:on\s+)?(?:the\s+)?(?:${WEEKDAY}|today|tomorrow|\d{1,2}(?:st|nd|rd|th)|(?:(?:twenty|thirty)[ -])?${ORDINAL_WORD})(?:\s+of\s+[a-z]+)?,?)?`;
const AFTER_TIME = `(?<=\\b(?:${TIME_SAID})${DAY_BETWEEN})`;
/** After a bare hour too ("at 10 berlin time"): with "time" after a city, the hour names no count. */
const AFTER_HOUR = `(?<=\\b(?:${TIME_SAID}|at\\s+${CLOCK_HOUR})${DAY_BETWEEN})`;

/** Each IANA zone by its city in lower case ("new york" → America/New_York), and the pattern that finds them; made on first use, off a handler's cold start. */
let cities: { readonly zones: ReadonlyMap<string, string>; readonly pattern: RegExp; readonly where: RegExp } | undefined;

function citiesAndPattern(): NonNullable<typeof cities> {
  if (cities) return cities;
  const zones = new Map(
    Intl.supportedValuesOf('timeZone').flatMap((zone) => {
      const city = zone.split('/').at(-1)!.replace(/_/g, ' ').toLowerCase();
      return zone.includes('/') && /^[a-z ]+$/.test(city) ? [[city, zone] as const] : [];
    }),
  );
  const names = [...zones.keys()].sort((a, b) => b.length - a.length).join('|');
  const pattern = new RegExp(`${AFTER_TIME}\\s+(?:${REGIONS.map(([words]) => `(${words})`).join('|')})(?![\\p{L}])|${AFTER_HOUR}\\s+(${names}) time(?![\\p{L}])`, 'giu');
  // "they're in new york", "the berlin team": where the ones whose time it is are.
  const where = new RegExp(`\\b(?:in|from|based in|over in)\\s+(${names})(?![\\p{L}])|\\b(${names})\\s+(?:team|office|client|clients|side|folks|people|crew|colleagues|partners|guys|lot)\\b`, 'iu');
  return (cities = { zones, pattern, where });
}

/** "at four p m their time", "at seven the next morning, local time": a zone said as someone's own, whose city the same text names ("they're in new york", "land in singapore"). */
const THEIR_TIME = new RegExp(`(?<=\\b(?:${TIME_SAID}|at\\s+\\d{1,2})(?:\\s+the\\s+(?:next|following)\\s+(?:day|morning|afternoon|evening))?,?)\\s+(?:their|your|his|her|local)\\s+time\\b`, 'gi');

function theirTime(text: string): ZoneSaid[] {
  const { zones, where } = citiesAndPattern();
  const found = where.exec(text);
  const city = found?.[1] ?? found?.[2];
  if (!city) return [];
  return [...text.matchAll(THEIR_TIME)].map((m) => {
    const words = m[0].trimStart();
    return { index: m.index + m[0].length - words.length, length: words.length, zone: zones.get(city.toLowerCase())! };
  });
}

export interface ZoneSaid {
  /** Where the zone's words start in the text, and how long they are. */
  readonly index: number;
  readonly length: number;
  readonly zone: string;
}

/** The zones said after a time in `text`, in order. */
export function zonesSaid(text: string): ZoneSaid[] {
  const { zones, pattern } = citiesAndPattern();
  const named = [...text.matchAll(pattern)].map((m) => {
    const groups = m.slice(1);
    const region = groups.findIndex((g, i) => i < REGIONS.length && g !== undefined);
    const zone = region >= 0 ? REGIONS[region]![1] : zones.get(groups[REGIONS.length]!.toLowerCase())!;
    const words = m[0].trimStart();
    return { index: m.index + m[0].length - words.length, length: words.length, zone };
  });
  return [...named, ...theirTime(text)].sort((a, b) => a.index - b.index);
}

/** An hour said in words right before a zone: "at ten" of "at ten berlin time". */
const HOUR_IN_WORDS = new RegExp(`(\\bat\\s+)(${CLOCK_HOUR_WORD})(\\s+)$`, 'i');

/** `text` with its zones blanked out, its length kept (so places in it hold), and an hour said in words before one in digits ("at ten berlin time" → "at 10 "), as chrono reads it. */
export function withoutZones(text: string, zones: readonly ZoneSaid[]): string {
  return zones.reduce((t, z) => {
    const before = t.slice(0, z.index).replace(HOUR_IN_WORDS, (_, at: string, hour: string, space: string) => `${at}${String(spokenNumber(hour)).padStart(hour.length)}${space}`);
    return `${before}${' '.repeat(z.length)}${t.slice(z.index + z.length)}`;
  }, text);
}

/** `wall` moved to the instant `ms`, as the wall clock of `zone` reads it. */
function readAt<T extends WallClock>(wall: T, ms: number, zone: string): T {
  const { year, month, day, hour, minute } = wallClockIn(ms, zone);
  return { ...wall, year, month, day, hour, minute };
}

/** A wall-clock time said in `said`, as the wall clock of `zone` reads it. */
export function readIn<T extends WallClock>(wall: T, said: string, zone: string): T {
  return wall.hour === undefined || said === zone ? wall : readAt(wall, instantOf(wall, said), zone);
}

/** A time said in `said` without a day: its next coming in that zone, as the wall clock of `zone` reads it. */
export function nextIn<T extends WallClock>(wall: T, said: string, zone: string, now: number): T {
  if (wall.hour === undefined) return wall;
  const at = (ms: number) => instantOf({ ...wallClockIn(ms, said), hour: wall.hour, minute: wall.minute ?? 0 }, said);
  const today = at(now);
  return readAt(wall, today > now ? today : at(today + 86_400_000), zone);
}
