/**
 * Pure parsing of EventBridge Scheduler schedule expressions.
 *
 * Only `at()` and `rate()` are supported: `cron()` is rejected loudly rather
 * than accepted and silently never fired, so a caller relying on it finds out
 * at CreateSchedule time instead of waiting for a message that never comes.
 */

export class ScheduleExpressionError extends Error {
  override readonly name = 'ScheduleExpressionError';
}

export type ParsedExpression =
  | { readonly kind: 'at'; readonly atMs: number }
  | { readonly kind: 'rate'; readonly intervalMs: number };

interface WallClock {
  readonly year: number;
  readonly month: number; // 1-12
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
}

const AT_PATTERN = /^at\((\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})\)$/;
const RATE_PATTERN = /^rate\(([1-9]\d*) (minute|minutes|hour|hours|day|days)\)$/;
const UNIT_MS: Record<string, number> = { minute: 60_000, hour: 3_600_000, day: 86_400_000 };
const DAY_MS = 86_400_000;

/** Parses an expression; `at()` is resolved to epoch ms in `timeZone` (IANA name). */
export function parseScheduleExpression(expression: string, timeZone = 'UTC'): ParsedExpression {
  assertTimeZone(timeZone);
  if (expression.startsWith('at(')) return { kind: 'at', atMs: parseAt(expression, timeZone) };
  if (expression.startsWith('rate(')) return { kind: 'rate', intervalMs: parseRate(expression) };
  if (expression.startsWith('cron(')) {
    throw new ScheduleExpressionError('cron() expressions are not supported by the local scheduler emulator');
  }
  throw new ScheduleExpressionError(`Invalid Schedule Expression ${expression}.`);
}

function isValidTimeZone(timeZone: string): boolean {
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

function assertTimeZone(timeZone: string): void {
  if (!isValidTimeZone(timeZone)) {
    throw new ScheduleExpressionError(`Invalid ScheduleExpressionTimezone ${timeZone}.`);
  }
}

function parseAt(expression: string, timeZone: string): number {
  const match = AT_PATTERN.exec(expression);
  if (!match) throw new ScheduleExpressionError(`Invalid Schedule Expression ${expression}.`);
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number) as [
    number, number, number, number, number, number,
  ];
  const wall = { year, month, day, hour, minute, second };
  if (!isRealWallClock(wall)) throw new ScheduleExpressionError(`Invalid Schedule Expression ${expression}.`);
  return zonedWallClockToEpochMs(wall, timeZone);
}

function parseRate(expression: string): number {
  const match = RATE_PATTERN.exec(expression);
  if (!match) throw new ScheduleExpressionError(`Invalid Schedule Expression ${expression}.`);
  const unit = (match[2] ?? '').replace(/s$/, '');
  return Number(match[1]) * (UNIT_MS[unit] ?? 0);
}

/** Date.UTC silently rolls 2023-02-29 over to March 1st; a round trip catches that. */
function isRealWallClock(w: WallClock): boolean {
  if (w.hour > 23 || w.minute > 59 || w.second > 59) return false;
  const probe = new Date(Date.UTC(w.year, w.month - 1, w.day));
  return probe.getUTCFullYear() === w.year && probe.getUTCMonth() === w.month - 1 && probe.getUTCDate() === w.day;
}

/**
 * Converts a wall-clock time in an IANA zone to epoch ms without a tz library.
 * Ambiguous times (DST fall-back) resolve to the earlier instant; times that do
 * not exist (spring-forward gap) are pushed forward by the gap, like most
 * schedulers do, so the schedule still fires instead of being lost.
 */
function zonedWallClockToEpochMs(wall: WallClock, timeZone: string): number {
  const wallMs = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  // Offsets a day either side bracket at most one transition, which is all real zones ever have.
  const offsetBefore = offsetMsAt(wallMs - DAY_MS, timeZone);
  const offsetAfter = offsetMsAt(wallMs + DAY_MS, timeZone);
  const valid = [offsetBefore, offsetAfter]
    .map((offset) => wallMs - offset)
    .filter((candidate) => wallMs - offsetMsAt(candidate, timeZone) === candidate);
  if (valid.length > 0) return Math.min(...valid);
  return wallMs - offsetBefore;
}

/** Offset of `timeZone` from UTC at instant `epochMs` (local = utc + offset). */
function offsetMsAt(epochMs: number, timeZone: string): number {
  const wholeSecond = Math.floor(epochMs / 1000) * 1000;
  const parts = formatterFor(timeZone).formatToParts(new Date(wholeSecond));
  const get = (type: Intl.DateTimeFormatPartTypes): number =>
    Number(parts.find((part) => part.type === type)?.value);
  const localAsUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return localAsUtc - wholeSecond;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    // Throws RangeError for unknown zones, which doubles as validation.
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** First occurrence strictly after `afterMs` of a series anchored at `anchorMs`. */
export function nextRateOccurrence(anchorMs: number, intervalMs: number, afterMs: number): number {
  if (afterMs < anchorMs) return anchorMs;
  return anchorMs + (Math.floor((afterMs - anchorMs) / intervalMs) + 1) * intervalMs;
}
