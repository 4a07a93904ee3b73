// The upload form's fields (spec: POST /recordings/upload, decisions §5). Multipart fields
// are strings; they are checked and converted here, the same for both upload flows.
import * as z from 'zod/mini';
import { ValidationError } from '../domain/errors.ts';
import '../http/messages.ts';
import { NOTES_MAX, TITLE_MAX } from '../domain/recordings/limits.ts';
import { lineProblem, textIssues } from '../domain/text.ts';
import { oneLine } from '../http/schemas.ts';

/** Temporal (time-zones.ts) loads with the first upload that names a zone or a meeting date. */
const timeZones = () => import('../domain/time-zones.ts');

const int = (min: number, max: number) => z.pipe(z.string().check(z.regex(/^\d{1,16}$/, 'must be an integer')), z.pipe(z.transform(Number), z.number().check(z.gte(min), z.lte(max))));
/** The latest instant a Date can hold (ECMAScript: 8.64e15 ms after the epoch). */
const MAX_TIME_MS = 8_640_000_000_000_000;
const isoDate = z.string().check(z.refine(isRealDate, 'must be an ISO 8601 date or date-time'));

/** ISO 8601 and a day that exists: 2024-02-30 is refused, not rolled over into March. */
function isRealDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.exec(value);
  if (!match || Number.isNaN(Date.parse(value))) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const calendar = new Date(Date.UTC(year, month - 1, day));
  return calendar.getUTCFullYear() === year && calendar.getUTCMonth() === month - 1 && calendar.getUTCDate() === day;
}

const uploadFieldsSchema = z.object({
  notes: z.optional(z.string().check(z.maxLength(NOTES_MAX))),
  title: z.optional(z.string().check(oneLine(), z.trim(), z.minLength(1), z.maxLength(TITLE_MAX))),
  meeting_date: z.optional(isoDate),
  file_last_modified: z.optional(z.pipe(z.union([z.string(), z.number()]), z.pipe(z.transform(String), int(0, MAX_TIME_MS)))),
  language: z.optional(z.string().check(z.regex(/^[a-z]{2}$/, 'must be an ISO 639-1 code like "en"'))),
  min_speakers: z.optional(z.pipe(z.union([z.string(), z.number()]), z.pipe(z.transform(String), int(1, 20)))),
  max_speakers: z.optional(z.pipe(z.union([z.string(), z.number()]), z.pipe(z.transform(String), int(1, 20)))),
  folder_id: z.optional(z.pipe(z.union([z.string(), z.number()]), z.pipe(z.transform(String), int(1, 1e12)))),
  hotwords: z.optional(z.string().check(z.maxLength(2000))),
  initial_prompt: z.optional(z.string().check(z.maxLength(4000))),
  time_zone: z.optional(z.string().check(z.refine(async (v) => (await timeZones()).canonicalTimeZone(v) !== undefined, 'must be an IANA time zone name like "Europe/Berlin"'))),
  tag_ids: z.array(z.pipe(z.union([z.string(), z.number()]), z.pipe(z.transform(String), int(1, 1e12)))).check(z.maxLength(100, 'give at most 100 tag ids')),
});

export type UploadFields = z.infer<typeof uploadFieldsSchema>;

const KNOWN = new Set(Object.keys(uploadFieldsSchema.shape).concat('tag_id', 'file'));

/** The JSON routes' limit on a file name. */
const FILENAME_MAX = 255;

/**
 * Indexed `tag_ids[0]`, `tag_ids[1]`… and the legacy `tag_id` become one list. Every value,
 * and the file's name when given, must be text a JSON route would take.
 */
export async function parseUploadFields(raw: Readonly<Record<string, string | number | readonly (string | number)[]>>, filename?: string): Promise<UploadFields> {
  const tagIds: (string | number)[] = [];
  const rest: Record<string, unknown> = {};
  const unknown: string[] = [];
  const textual = textIssues(raw);
  if (textual.length > 0) throw new ValidationError(`Invalid upload: ${textual.map((d) => `${d.path} ${d.message}`).join('; ')}`, textual);
  if (filename !== undefined) checkFilename(filename);
  for (const [name, value] of Object.entries(raw)) {
    if (/^tag_ids\[\d+\]$/.test(name) || name === 'tag_id') tagIds.push(value as string);
    else if (name === 'tag_ids' && Array.isArray(value)) tagIds.push(...value);
    else if (KNOWN.has(name)) rest[name] = value;
    else unknown.push(name);
  }
  const details = unknown.map((path) => ({ path, message: 'is not a field of the upload' }));
  const parsed = await uploadFieldsSchema.safeParseAsync({ ...rest, tag_ids: tagIds });
  if (!parsed.success) details.push(...parsed.error.issues.map((i) => ({ path: i.path.map(String).join('.') || 'form', message: i.message })));
  else if (parsed.data.min_speakers && parsed.data.max_speakers && parsed.data.min_speakers > parsed.data.max_speakers) {
    details.push({ path: 'min_speakers', message: 'must not exceed max_speakers' });
  }
  if (details.length > 0) throw new ValidationError(`Invalid upload: ${details.map((d) => `${d.path} ${d.message}`).join('; ')}`, details);
  return parsed.data!;
}

function checkFilename(filename: string): void {
  const problem = lineProblem(filename) ?? (filename.length > FILENAME_MAX ? `must be at most ${FILENAME_MAX} characters` : undefined);
  if (problem) throw new ValidationError(`Invalid upload: file name ${problem}`, [{ path: 'filename', message: problem }]);
}

/** Title from the original filename without its extension (spec). */
export function titleFromFilename(filename: string): string {
  const base = filename.split(/[\\/]/).pop() ?? filename;
  const dot = base.lastIndexOf('.');
  return (dot > 0 ? base.slice(0, dot) : base).trim() || 'Recording';
}

/** meeting_date: the form field (without an offset: wall-clock time in `timeZone`), else the file's last-modified time, else now. */
export async function meetingDateFrom(fields: UploadFields, now: Date, timeZone: string): Promise<string> {
  if (fields.meeting_date) return (await timeZones()).utcFrom(fields.meeting_date, timeZone) ?? new Date(fields.meeting_date).toISOString();
  if (fields.file_last_modified !== undefined) return new Date(fields.file_last_modified).toISOString();
  return now.toISOString();
}
