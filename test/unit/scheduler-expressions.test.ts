import { describe, expect, it } from 'vitest';
import {
  ScheduleExpressionError,
  nextRateOccurrence,
  parseScheduleExpression,
} from '../../infra/local/scheduler/expressions.ts';

describe('at() expressions', () => {
  it.each([
    ['at(2030-01-15T10:30:00)', undefined, '2030-01-15T10:30:00.000Z'],
    ['at(2030-01-15T10:30:00)', 'UTC', '2030-01-15T10:30:00.000Z'],
    ['at(2024-02-29T23:59:59)', 'UTC', '2024-02-29T23:59:59.000Z'],
    ['at(2030-01-15T10:30:00)', 'Europe/Paris', '2030-01-15T09:30:00.000Z'],
    ['at(2030-07-15T10:30:00)', 'Europe/Paris', '2030-07-15T08:30:00.000Z'],
    ['at(2030-01-15T10:30:00)', 'America/New_York', '2030-01-15T15:30:00.000Z'],
    ['at(2030-07-15T10:30:00)', 'America/New_York', '2030-07-15T14:30:00.000Z'],
    ['at(2030-01-15T10:30:00)', 'Asia/Kolkata', '2030-01-15T05:00:00.000Z'],
    ['at(2030-01-01T00:00:00)', 'Pacific/Kiritimati', '2029-12-31T10:00:00.000Z'],
  ])('resolves %s in %s to %s', (expression, timeZone, expected) => {
    const parsed = parseScheduleExpression(expression, timeZone);
    expect(parsed).toEqual({ kind: 'at', atMs: Date.parse(expected) });
  });

  it('pushes a wall-clock time inside a spring-forward gap forward by the gap', () => {
    // 02:30 does not exist in New York on 2024-03-10; 03:30 EDT is 07:30Z.
    const parsed = parseScheduleExpression('at(2024-03-10T02:30:00)', 'America/New_York');
    expect(parsed).toEqual({ kind: 'at', atMs: Date.parse('2024-03-10T07:30:00Z') });
  });

  it('resolves an ambiguous fall-back wall-clock time to the earlier instant', () => {
    // 01:30 happens twice in New York on 2024-11-03; the first is 01:30 EDT = 05:30Z.
    const parsed = parseScheduleExpression('at(2024-11-03T01:30:00)', 'America/New_York');
    expect(parsed).toEqual({ kind: 'at', atMs: Date.parse('2024-11-03T05:30:00Z') });
  });
});

describe('rate() expressions', () => {
  it.each([
    ['rate(1 minute)', 60_000],
    ['rate(5 minutes)', 300_000],
    ['rate(1 hour)', 3_600_000],
    ['rate(2 hours)', 7_200_000],
    ['rate(1 day)', 86_400_000],
    ['rate(3 days)', 259_200_000],
  ])('parses %s as an interval of %i ms', (expression, intervalMs) => {
    expect(parseScheduleExpression(expression)).toEqual({ kind: 'rate', intervalMs });
  });

  it.each([
    [0, 1_000, 0, 1_000],
    [0, 1_000, 999, 1_000],
    [0, 1_000, 1_000, 2_000],
    [5_000, 1_000, 0, 5_000],
  ])('from anchor %i every %i ms, the occurrence after %i is %i', (anchor, interval, after, expected) => {
    expect(nextRateOccurrence(anchor, interval, after)).toBe(expected);
  });
});

describe('invalid expressions', () => {
  it.each([
    ['at(2023-02-29T00:00:00)', 'UTC', 'a date that does not exist'],
    ['at(2030-13-01T00:00:00)', 'UTC', 'month 13'],
    ['at(2030-01-01T24:00:00)', 'UTC', 'hour 24'],
    ['at(2030-01-01T00:60:00)', 'UTC', 'minute 60'],
    ['at(2030-01-01T00:00)', 'UTC', 'missing seconds'],
    ['at(2030-01-01T00:00:00Z)', 'UTC', 'a trailing zone designator'],
    ['at(2030-01-01 00:00:00)', 'UTC', 'a space instead of T'],
    ['at( 2030-01-01T00:00:00)', 'UTC', 'inner whitespace'],
    ['at()', 'UTC', 'an empty at()'],
    ['at(2030-01-01T00:00:00)', 'Mars/Olympus_Mons', 'an unknown time zone'],
    ['rate(0 minutes)', 'UTC', 'a zero rate'],
    ['rate(-1 minutes)', 'UTC', 'a negative rate'],
    ['rate(1.5 hours)', 'UTC', 'a fractional rate'],
    ['rate(2 weeks)', 'UTC', 'an unsupported unit'],
    ['rate(5minutes)', 'UTC', 'no space before the unit'],
    ['cron(0 12 * * ? *)', 'UTC', 'cron(), which the emulator cannot fire'],
    ['2030-01-01T00:00:00', 'UTC', 'a bare timestamp'],
    ['', 'UTC', 'an empty string'],
  ])('rejects %s (%s: %s)', (expression, timeZone) => {
    expect(() => parseScheduleExpression(expression, timeZone)).toThrow(ScheduleExpressionError);
  });
});
