// Titles of the offline engine's events: a lead that only announces, and a deadline said in the
// passive. Sentences written for this test.
import { describe, expect, it } from 'vitest';
import { events } from '../support/spoken-events.ts';

describe('event titles', () => {
  it.each([
    ['quick reminder parents evening is on the third', 'Parents evening'],
    ['heads up fire drill is on monday at ten', 'Fire drill'],
  ])('leave out the words that announce it: %j', (sentence, title) => {
    expect(events([sentence]).map((e) => e.title)).toEqual([title]);
  });

  it.each([
    ['so the raffle prizes have to be collected by friday', 'Deadline: raffle prizes collected'],
    ['all timesheets must be signed before the tenth', 'Deadline: all timesheets signed'],
    ['we need to be ready by saturday', 'Deadline: be ready'],
    ['the hall has to be booked by friday at the latest', 'Deadline: hall booked'],
    ['ok the entry forms for the gala need to be in by the fourth', 'Deadline: entry forms for the gala'],
    ['all the keys to the minibus have to be back before monday', 'Deadline: keys to the minibus'],
    ['and the photos of the site must be sent by friday', 'Deadline: photos of the site sent'],
  ])('say what is to be done to what: %j', (sentence, title) => {
    expect(events([sentence]).map((e) => e.title)).toEqual([title]);
  });

  // Written for this test: a thing said to come then, a day said with how sure it is, and what is needed by a day.
  it.each([
    ['the surveyor is coming on thursday at ten', 'Surveyor', '2026-11-26T10:00:00+00:00'],
    ['the new boiler arrives on the third', 'New boiler', '2026-12-03T09:00:00+00:00'],
    ['the summer fete is on the sixth weather permitting', 'Summer fete', '2026-12-06T09:00:00+00:00'],
    ['the boat trip is on the tenth hopefully', 'Boat trip', '2026-12-10T09:00:00+00:00'],
    ['we still need three more marshals before saturday', 'Deadline: three more marshals', '2026-11-21T09:00:00+00:00'],
    ['right so the caterer wants a head count by the second of december', 'Deadline: caterer wants a head count', '2026-12-02T09:00:00+00:00'],
  ])('makes an event of %j', (sentence, title, start) => {
    expect(events([sentence])).toMatchObject([{ title, start_datetime: start }]);
  });
});
