// Query parameters several areas share: dates and bounded integers arrive as strings and are
// checked and converted here. Apart from recording-schemas.ts so that a route outside the
// recordings area (search, library chat) builds these and not every recording schema at init.
import * as z from 'zod/mini';
import { lazySchema } from './lazy-schema.ts';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?)(Z|[+-]\d{2}:?\d{2})?)?$/i;

/**
 * `YYYY-MM-DD` (midnight UTC) or an ISO 8601 date and time; a time without an offset is UTC.
 * Impossible calendar dates (2024-02-30) are refused, not rolled over as Date.parse does.
 */
export function parseIsoDate(value: string): { ms: number; dateOnly: boolean } | undefined {
  const m = ISO_DATE.exec(value.trim());
  if (!m) return undefined;
  const [, y, mo, d, time, zone] = m;
  const day = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)));
  if (day.getUTCFullYear() !== Number(y) || day.getUTCMonth() !== Number(mo) - 1 || day.getUTCDate() !== Number(d)) return undefined;
  if (!time) return { ms: day.getTime(), dateOnly: true };
  const offset = !zone || zone.toUpperCase() === 'Z' ? 'Z' : zone.replace(/^([+-]\d{2}):?(\d{2})$/, '$1:$2');
  const ms = Date.parse(`${y}-${mo}-${d}T${time}${offset}`);
  return Number.isNaN(ms) ? undefined : { ms, dateOnly: false };
}

const DAY_MS = 86_400_000;
const DATE_HINT = 'must be a date (YYYY-MM-DD) or an ISO 8601 timestamp';
export const dateString = lazySchema(() => z.string().check(z.refine((v) => parseIsoDate(v) !== undefined, DATE_HINT)));

/** Lower bound in epoch ms. */
export const dateFrom = lazySchema(() => z.pipe(dateString(), z.transform((v) => parseIsoDate(v)!.ms)));
/** Inclusive upper bound in epoch ms: a date alone includes that whole day. */
export const dateTo = lazySchema(() => z.pipe(
  dateString(),
  z.transform((v) => {
    const parsed = parseIsoDate(v)!;
    return parsed.dateOnly ? parsed.ms + DAY_MS - 1 : parsed.ms;
  }),
));

export const intParam = (min: number, max: number) => {
  const message = `must be an integer from ${min} to ${max}`;
  return z.pipe(z.string().check(z.regex(/^\d{1,16}$/, message)), z.pipe(z.transform(Number), z.number().check(z.gte(min, message), z.lte(max, message))));
};
