// The time zone a recording's wall-clock times are read in (decisions §9b).
import { parseIsoDate } from '../http/param-schemas.ts';
import type { Recording } from '../store/recordings.ts';
import { getUserSettings } from '../store/users.ts';

/** The recording's own zone; one made before zones existed takes its owner's. */
export async function recordingTimeZone(recording: Recording): Promise<string> {
  return recording.time_zone ?? (await getUserSettings(recording.user_id)).time_zone;
}

/**
 * A meeting date as given to PATCH (checked by its schema): with an offset or Z, that instant;
 * without one ("2026-11-19T11:00"), wall-clock time in the recording's zone, as an upload's is.
 */
export async function meetingDateOf(recording: Recording, value: string): Promise<string> {
  const { utcFrom } = await import('../domain/time-zones.ts');
  // utcFrom reads the offsets Date.parse does; parseIsoDate also "+0530".
  return utcFrom(value, await recordingTimeZone(recording)) ?? new Date(parseIsoDate(value)!.ms).toISOString();
}
