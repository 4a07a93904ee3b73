// Schemas of the calendar-event routes (spec: Calendar event): responses document output.
import * as z from 'zod/mini';
import { lazySchema } from './lazy-schema.ts';
import { id } from './schemas.ts';

const timestamp = lazySchema(() => z.string().check(z.describe('ISO 8601 UTC timestamp')));

export const eventParams = lazySchema(() => z.object({ id: id() }));

const calendarEvent = lazySchema(() => z.object({
  id: z.number(),
  title: z.string(),
  start_datetime: timestamp(),
  end_datetime: timestamp(),
  description: z.string(),
  location: z.string(),
}));

export const eventList = lazySchema(() => z.object({ events: z.array(calendarEvent()) }));
