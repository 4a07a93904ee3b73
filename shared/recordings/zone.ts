// The time zone a recording's wall-clock times are read in (decisions §9b).
import { ValidationError } from '../domain/errors.ts';
import { parseIsoDate } from '../http/param-schemas.ts';
import type { Recording } from '../store/recordings.ts';
import { getUserSettings } from '../store/users.ts';

/** The recording's own zone; one made before zones existed takes its owner's. */
export async function recordingTimeZone(recording: Recording): Promise<string> {
  return recording.time_zone ?? (await getUserSettings(recording.user_id)).time_zone;
}

/**
 * A meeting date as given to PATCH: with an offset or Z, that instant; without one
 * ("2026-11-19T11:00"), wall-clock time in the recording's zone, as an upload's meeting_date is.
 */
export async function meetingDateOf(recording: Recording, value: string): Promise<string> {
  const instant = parseIsoDate(value);
  if (!instant) throw new ValidationError('meeting_date must be an ISO 8601 date', [{ path: 'meeting_date', message: 'must be an ISO 8601 date' }]);
  if (/(?:Z|[+-]\d{2}:?\d{2})$/i.test(value.trim())) return new Date(instant.ms).toISOString();
  const { utcFrom } = await import('../domain/time-zones.ts');
  return utcFrom(value, await recordingTimeZone(recording)) ?? new Date(instant.ms).toISOString();
}
