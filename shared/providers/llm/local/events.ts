// Calendar events without a model: dates found in the transcript (placeholder until built).
import type { EventsRequest, FoundEvent } from '../../types.ts';

export function extractEventsLocally(_request: EventsRequest): FoundEvent[] {
  return [];
}
