// A recording's own clocks: the zone its dates are read in, and its instants shown there,
// for the header, the details form, the calendar events and the list alike.
import { useSession } from '../session.ts';

/** The zone the recording's dates are read in: its own, or (made before zones existed) its owner's. */
export function useRecordingZone(r: { readonly time_zone: string | null }): string {
  const { user } = useSession();
  return r.time_zone ?? user?.settings.time_zone ?? 'UTC';
}

/** An instant on the recording's clocks, naming the zone: "Nov 19, 2026, 11:30 AM (America/Sao_Paulo)". */
export function zonedTime(iso: string, zone: string): string {
  return `${new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short', timeZone: zone }).format(new Date(iso))} (${zone})`;
}

/** An instant as a datetime-local value ("2026-11-19T11:00") on the clocks of `zone`. */
export function wallTime(iso: string, zone: string): string {
  const format = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const part = Object.fromEntries(format.formatToParts(new Date(iso)).map((p) => [p.type, p.value]));
  return `${part.year}-${part.month}-${part.day}T${part.hour}:${part.minute}`;
}
