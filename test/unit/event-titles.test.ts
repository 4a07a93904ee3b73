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
  ])('say what is to be done to what: %j', (sentence, title) => {
    expect(events([sentence]).map((e) => e.title)).toEqual([title]);
  });
});
