// Calendar events extracted from a recording: as JSON, and as an iCalendar (RFC 5545) file.
import * as e from '../http/event-schemas.ts';
import type { RouteSpec } from './spec.ts';

const read = { tag: 'Recordings', rateClass: 'read', auth: 'token' } as const;

export const eventRoutes = {
  'GET /recordings/{id}/events': {
    ...read,
    handler: 'recordings/events',
    summary: 'Calendar events extracted from the recording (appointments and deadlines), times in UTC',
    params: e.eventParams,
    responses: { 200: { description: 'The events; an empty list when none were found', schema: e.eventList } },
  },
  'GET /recordings/{id}/events/ics': {
    ...read,
    handler: 'recordings/events-ics',
    summary: 'The calendar events as an iCalendar file (RFC 5545), one VEVENT each',
    description: 'Sent as an attachment named after the recording. 404 when the recording has no events.',
    params: e.eventParams,
    responses: { 200: { description: 'The iCalendar file', contentType: 'text/calendar' } },
  },
} as const satisfies Record<string, RouteSpec>;
