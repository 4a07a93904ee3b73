// An instant read on a zone's clock, with the engine's own Intl (no Temporal polyfill to load):
// what a person in that zone saw on the wall, for labels a language model or a list shows.

interface WallParts {
  readonly day: string;
  readonly minute: string;
  readonly offset: string;
}

function wallParts(ms: number, zone: string): WallParts {
  const format = new Intl.DateTimeFormat('en-CA', {
    timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZoneName: 'longOffset',
  });
  const part = Object.fromEntries(format.formatToParts(new Date(ms)).map((p) => [p.type, p.value]));
  return { day: `${part.year}-${part.month}-${part.day}`, minute: `${part.hour}:${part.minute}`, offset: String(part.timeZoneName) };
}

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})$/i;

/** The day ("2026-11-19") an ISO instant falls on in `zone`; the text before any "T" when it is no instant. */
export function dayIn(iso: string, zone: string): string {
  if (!INSTANT.test(iso)) return iso.slice(0, 10);
  try {
    return wallParts(Date.parse(iso), zone).day;
  } catch {
    return iso.slice(0, 10);
  }
}

/** An ISO instant on the clock of `zone`: "2026-11-19 23:30 (America/Sao_Paulo, GMT-03:00)"; as given when it is no instant. */
export function wallTimeIn(iso: string, zone: string): string {
  if (!INSTANT.test(iso)) return iso;
  try {
    const { day, minute, offset } = wallParts(Date.parse(iso), zone);
    return `${day} ${minute} (${zone}, ${offset})`;
  } catch {
    return iso;
  }
}
