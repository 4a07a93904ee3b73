// Seconds (floats, as stored) to the millisecond cue times and clock strings the formats need.
import type { Segment } from '../../providers/types.ts';

/** Seconds → whole milliseconds; negative, NaN or infinite input counts as 0. */
function toMs(seconds: number): number {
  return Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds * 1000) : 0;
}

/** A segment's cue span in ms; a cue whose end is not after its start lasts 1 ms. */
export function cueSpan(segment: Pick<Segment, 'start_time' | 'end_time'>): { start: number; end: number } {
  const start = toMs(segment.start_time);
  const end = toMs(segment.end_time);
  return { start, end: end > start ? end : start + 1 };
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** `HH:MM:SS<sep>mmm` (hours grow past two digits when needed). */
export function clock(ms: number, separator: ',' | '.'): string {
  const safe = Math.max(0, Math.round(ms));
  const h = Math.floor(safe / 3_600_000);
  const m = Math.floor((safe % 3_600_000) / 60_000);
  const s = Math.floor((safe % 60_000) / 1000);
  return `${pad(h)}:${pad(m)}:${pad(s)}${separator}${pad(safe % 1000, 3)}`;
}

/** `HH:MM:SS,mmm` from seconds. */
export const srtTimestamp = (seconds: number): string => clock(toMs(seconds), ',');

/** `HH:MM:SS` from seconds (whole seconds, truncated). */
export function hms(seconds: number): string {
  return clock(toMs(seconds), '.').slice(0, -4);
}

/** `mm:ss`, or `h:mm:ss` from one hour on (whole seconds, truncated): a moment as people read it in a quote or a prompt. */
export function clockTime(seconds: number): string {
  const total = Math.floor(toMs(seconds) / 1000);
  const h = Math.floor(total / 3600);
  const ms = `${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
  return h > 0 ? `${h}:${ms}` : ms;
}

/** One line of cue text: line breaks and runs of white space become one space. */
export const oneLine = (text: unknown): string => (typeof text === 'string' ? text : String(text ?? '')).replace(/\s+/g, ' ').trim();
