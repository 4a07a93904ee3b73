// The meeting the offline event tests share, and its sentences as the recogniser writes them.
import { extractEventsLocally } from '#shared/providers/llm/local/events.ts';
import { findActionItems, type ActionItem } from '#shared/text/action-items.ts';
import type { EventsRequest } from '#shared/providers/types.ts';
import { DatesSaid, findDates, type DateReference } from '#shared/text/spoken-dates.ts';

/** Thursday 19 November 2026, 10:00 UTC. */
export const MEETING = '2026-11-19T10:00:00Z';

/** One segment per sentence, turns taken by two speakers five seconds apart. */
function eventsRequest(sentences: readonly string[], meetingDate = MEETING, timeZone?: string): EventsRequest {
  return {
    segments: sentences.map((sentence, i) => ({ speaker: `SPEAKER_0${i % 2}`, sentence, start_time: i * 5, end_time: i * 5 + 4 })),
    summary: '',
    context: { title: 'Planning', meetingDate, ...(timeZone ? { timeZone } : {}) },
  };
}

/** The events the offline engine finds in the sentences. */
export const events = (sentences: readonly string[], meetingDate?: string, timeZone?: string) => extractEventsLocally(eventsRequest(sentences, meetingDate, timeZone));

/** The dates of the last line (as ISO), read after the lines before it, as the engine reads a transcript. */
export function lastLineDates(reference: DateReference, ...lines: string[]): string[] {
  const said = new DatesSaid();
  for (const line of lines.slice(0, -1)) said.add(findDates(line, reference, said.earlier));
  return findDates(lines.at(-1)!, reference, said.earlier).map((d) => d.iso);
}

/** Segments of a talk written "Speaker|what they said", a line each, six seconds apart. */
export function talk(...lines: string[]): Array<{ speaker: string; sentence: string; start_time: number; end_time: number }> {
  return lines.map((line, i) => {
    const [speaker, sentence] = line.split('|');
    return { speaker: speaker!, sentence: sentence!, start_time: i * 6, end_time: i * 6 + 5 };
  });
}

/** The action items of a talk written as `talk` takes it, its speakers as the names known. */
export function itemsOfTalk(reference: DateReference, ...lines: string[]): ActionItem[] {
  const segments = talk(...lines);
  return findActionItems(segments, reference, [...new Set(segments.map((s) => s.speaker))]);
}
