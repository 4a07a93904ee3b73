// Events from a twenty-fourth round of meetings typed for a user check (a farm co-operative in
// America/Denver): what a thing begins for, said between the verb and when ("the market opens for
// the season on …", "the pool opens again on …"), is no part of the saying; someone named by a word
// for a person and what they do ("the soil testing guy", "the insurance rep") who comes out is a
// visit. Sentences written for this test.
import { describe, expect, it } from 'vitest';
import { events } from '../support/spoken-events.ts';

/** Tuesday 2 March 2027, 18:00 in Denver (UTC-7). */
const found = (...lines: string[]) => events(lines, '2027-03-02T18:00:00-07:00', 'America/Denver').map((e) => [e.title, e.start_datetime]);

describe('what a thing begins for, said before when', () => {
  it('leaves the thing and its day', () => {
    expect(found('The orchard shop opens for the summer on the second Saturday of May.')).toEqual([['Orchard shop', '2027-05-08T09:00:00-06:00']]);
    expect(found('The creamery tour opens again on Friday at ten.')).toEqual([['Creamery tour', '2027-03-05T10:00:00-07:00']]);
  });
});

describe('someone named by a word for a person who comes out', () => {
  it('is a visit', () => {
    expect(found('The fencing guy comes out on Wednesday at ten.')).toEqual([['Fencing guy', '2027-03-03T10:00:00-07:00']]);
    expect(found('The seed company rep is coming on Thursday at two.')).toEqual([['Seed company rep', '2027-03-04T14:00:00-07:00']]);
  });
  it('is not a thing that comes out', () => {
    expect(found('The new catalogue comes out on Friday.')).toEqual([]);
  });
});
