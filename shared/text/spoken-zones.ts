// Time zones said after a time ("at three p m eastern", "ten a m pacific time", "noon new york
// time", "four p m UK time"): the time is that zone's wall clock, read back in the recording's
// zone. A region or an abbreviation after any time; a city (any IANA zone's, "tokyo", "new york")
// only with "time" after it ("at three london bridge" names a place). Deterministic; no I/O.
import { instantOf, wallClockIn, type WallClock } from '../domain/time-zones.ts';

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

/** Each IANA zone by its city in lower case ("new york" → America/New_York). */
const CITIES: ReadonlyMap<string, string> = new Map(
  Intl.supportedValuesOf('timeZone').flatMap((zone) => {
    const city = zone.split('/').at(-1)!.replace(/_/g, ' ').toLowerCase();
    return zone.includes('/') && /^[a-z ]+$/.test(city) ? [[city, zone] as const] : [];
  }),
);

const AFTER_TIME = '(?<=\\b(?:\\d{1,2}(?::\\d{2})?\\s*[ap]m|\\d{1,2}:\\d{2}|noon|midnight))';
const cityNames = [...CITIES.keys()].sort((a, b) => b.length - a.length).join('|');
const PATTERN = new RegExp(`${AFTER_TIME}\\s+(?:${REGIONS.map(([words]) => `(${words})`).join('|')}|(${cityNames}) time)(?![\\p{L}])`, 'giu');

export interface ZoneSaid {
  /** Where the zone's words start in the text, and how long they are. */
  readonly index: number;
  readonly length: number;
  readonly zone: string;
}

/** The zones said after a time in `text`, in order. */
export function zonesSaid(text: string): ZoneSaid[] {
  return [...text.matchAll(PATTERN)].map((m) => {
    const groups = m.slice(1);
    const region = groups.findIndex((g, i) => i < REGIONS.length && g !== undefined);
    const zone = region >= 0 ? REGIONS[region]![1] : CITIES.get(groups[REGIONS.length]!.toLowerCase())!;
    const words = m[0].trimStart();
    return { index: m.index + m[0].length - words.length, length: words.length, zone };
  });
}

/** A wall-clock time said in `said`, as the wall clock of `zone` reads it. */
export function readIn<T extends WallClock>(wall: T, said: string, zone: string): T {
  if (wall.hour === undefined || said === zone) return wall;
  const { year, month, day, hour, minute } = wallClockIn(instantOf(wall, said), zone);
  return { ...wall, year, month, day, hour, minute };
}

/** A time said in `said` without a day: its next coming in that zone, as the wall clock of `zone` reads it. */
export function nextIn<T extends WallClock>(wall: T, said: string, zone: string, now: number): T {
  if (wall.hour === undefined) return wall;
  const there = wallClockIn(now, said);
  let at = instantOf({ ...there, hour: wall.hour, minute: wall.minute ?? 0 }, said);
  if (at <= now) at = instantOf({ ...wallClockIn(at + 86_400_000, said), hour: wall.hour, minute: wall.minute ?? 0 }, said);
  const { year, month, day, hour, minute } = wallClockIn(at, zone);
  return { ...wall, year, month, day, hour, minute };
}
