// A thing moved from one day to another, a deadline extended, a thing that slipped, and someone's
// appointment moved to a time. Sentences written for this test.
import { describe, expect, it } from 'vitest';
import { dateReference, findDates } from '#shared/providers/llm/local/index.ts';
import { events } from '../support/spoken-events.ts';

/** Thursday 10 December 2026, 09:00 in London. */
const MEETING = '2026-12-10T09:00:00Z';
const reference = dateReference(MEETING, 'Europe/London')!;
const titled = (...sentences: string[]) => events(sentences, MEETING, 'Europe/London').map((e) => [e.title, e.start_datetime, e.end_datetime]);

describe('a thing moved from one day to another', () => {
  it('is on the day it moved to, not both', () => {
    expect(titled("we'll shift the audit from monday to wednesday")).toEqual([['Audit', '2026-12-16T09:00:00+00:00', '2026-12-16T10:00:00+00:00']]);
    expect(titled('they moved the fitting from the 14th to the 21st')).toEqual([['Fitting', '2026-12-21T09:00:00+00:00', '2026-12-21T10:00:00+00:00']]);
  });

  it('leaves a span that nothing moves as a span', () => {
    expect(findDates("i'm off from monday to wednesday", reference).map((d) => [d.start.day, d.end?.day])).toEqual([[14, 16]]);
  });
});

describe('a deadline extended, a thing that slipped', () => {
  it('is titled by what it is, never by what happened to it', () => {
    expect(titled('the deadline has been extended to the 18th')).toEqual([['Deadline', '2026-12-18T09:00:00+00:00', '2026-12-18T10:00:00+00:00']]);
    expect(titled('the demo slipped to next thursday')).toEqual([['Demo', '2026-12-17T09:00:00+00:00', '2026-12-17T10:00:00+00:00']]);
  });
});

describe('an appointment moved to a time', () => {
  it('is the appointment, not someone’s', () => {
    expect(titled('the vet moved my appointment to four on friday').map(([title]) => title)).toEqual(['Appointment']);
  });
});

describe('a thing listed or fixed for a day, and a time allowed', () => {
  it('is named by the thing, or is a deadline for what is to be done', () => {
    expect(titled('the tribunal is listed for the 2nd of March at 10:30')).toEqual([['Tribunal', '2027-03-02T10:30:00+00:00', '2027-03-02T11:30:00+00:00']]);
    expect(titled('the completion is fixed for the 29th of january')).toEqual([['Completion', '2027-01-29T09:00:00+00:00', '2027-01-29T10:00:00+00:00']]);
    expect(titled('you have to return the signed lease within seven days')).toEqual([['Deadline: return the signed lease', '2026-12-17T09:00:00+00:00', '2026-12-17T10:00:00+00:00']]);
  });
});
