// Time zones (decisions §9b): users and recordings carry an IANA name; spoken and naive
// wall-clock times resolve in it, stored timestamps are UTC. The arithmetic is Temporal's
// (temporal-polyfill: the standard API, so the import goes once the runtime ships it), which
// knows each zone's rules and says how a wall-clock time in a DST gap or overlap is read
// ("compatible": a skipped time moves forward, a repeated one takes the earlier instant).
import { Temporal } from 'temporal-polyfill';

/** Wall-clock parts of a time (hour and minute default to midnight). */
export interface WallClock {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly hour?: number;
  readonly minute?: number;
}

/** The zone's canonical spelling ("europe/berlin" → "Europe/Berlin"), or undefined when `name` is not an IANA zone. */
export function canonicalTimeZone(name: unknown): string | undefined {
  // Names only: offsets ("+01:00") are no zone, they know no daylight saving time.
  if (typeof name !== 'string' || name.length > 64 || !/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(name)) return undefined;
  try {
    return Temporal.Instant.fromEpochMilliseconds(0).toZonedDateTimeISO(name).timeZoneId;
  } catch {
    return undefined;
  }
}

/** The zone's offset from UTC at that instant, in minutes east. `zone` may be an IANA name or an offset like "+01:00". */
export function offsetMinutesAt(ms: number, zone: string): number {
  return Temporal.Instant.fromEpochMilliseconds(ms).toZonedDateTimeISO(zone).offsetNanoseconds / 60e9;
}

/** The instant a wall-clock time in `zone` names (DST gaps and overlaps read "compatibly"). */
export function instantOf(wall: WallClock, zone: string): number {
  const plain = new Temporal.PlainDateTime(wall.year, wall.month, wall.day, wall.hour ?? 0, wall.minute ?? 0);
  return plain.toZonedDateTime(zone, { disambiguation: 'compatible' }).epochMilliseconds;
}

/** The wall-clock time an instant reads in `zone`. */
export function wallClockIn(ms: number, zone: string): Required<WallClock> {
  const { year, month, day, hour, minute } = Temporal.Instant.fromEpochMilliseconds(ms).toZonedDateTimeISO(zone);
  return { year, month, day, hour, minute };
}

/** An instant as ISO 8601 with the zone's offset at that instant: "2026-11-24T15:00:00+01:00". */
export function isoInZone(ms: number, zone: string): string {
  const zoned = Temporal.Instant.fromEpochMilliseconds(ms).toZonedDateTimeISO(zone);
  return zoned.toString({ timeZoneName: 'never', smallestUnit: 'second' });
}

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?$/;

/**
 * A timestamp in UTC. One with an offset or Z is that instant; a naive one ("2026-11-24",
 * "2026-11-24T15:00") is wall-clock time in `zone`. Undefined when it is no real date.
 */
export function utcFrom(value: string, zone: string): string | undefined {
  const text = value.trim();
  const local = LOCAL.exec(text);
  if (!local) {
    const ms = Date.parse(text);
    return /(?:Z|[+-]\d{2}:?\d{2})$/i.test(text) && !Number.isNaN(ms) ? new Date(ms).toISOString() : undefined;
  }
  const [year, month, day, hour, minute, second] = local.slice(1).map((v) => (v === undefined ? 0 : Number(v))) as number[];
  try {
    const plain = Temporal.PlainDateTime.from({ year: year!, month: month!, day: day!, hour: hour!, minute: minute!, second: second! }, { overflow: 'reject' });
    return new Date(plain.toZonedDateTime(zone, { disambiguation: 'compatible' }).epochMilliseconds).toISOString();
  } catch {
    return undefined;
  }
}
