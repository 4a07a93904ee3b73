// Events, tasks and dates from a twentieth round of meetings typed for a user check (a building
// site's morning coordination): a thing reminded of ("don't forget the …", "remember the …") is
// named, with its owner as said; the plain form of a verb after one thing is part of its name ("the
// site visit next tuesday"), after many it is the verb ("the inspectors visit on monday"); what
// would happen under a condition just asked of ("what if …?" … "then …") is no plan; a month named
// in that month is this one; an order said to someone by name is their task; a site's huts and
// yards are places. Sentences written for this test.
import { describe, expect, it } from 'vitest';
import { dateReference, findDates } from '#shared/text/spoken-dates.ts';
import { findActionItems } from '#shared/text/action-items.ts';
import { findLocation } from '#shared/text/places.ts';
import { events, talk } from '../support/spoken-events.ts';

/** Wednesday 8 September 2027, 06:45 in Denver (UTC-6). */
const MEETING = '2027-09-08T06:45:00-06:00';
const ZONE = 'America/Denver';
const reference = dateReference(MEETING, ZONE)!;
const found = (...lines: string[]) => events(lines, MEETING, ZONE).map((e) => [e.title, e.start_datetime]);

describe('a thing reminded of', () => {
  it('is named by what it is, with its owner as said', () => {
    expect(found("Oh, and don't forget the architect's walkthrough on Friday at one.")).toEqual([["Architect's walkthrough", '2027-09-10T13:00:00-06:00']]);
    expect(found('Remember the scaffold handover tomorrow at noon.')).toEqual([['Scaffold handover', '2027-09-09T12:00:00-06:00']]);
    expect(found('Quick reminder, the toolbox talk on Monday at seven.')).toEqual([['Toolbox talk', '2027-09-13T07:00:00-06:00']]);
  });
  it('keeps the owner of a meal', () => {
    expect(found("Also remember the developer's lunch at the Brown Palace on Thursday.")).toEqual([["Developer's lunch", '2027-09-09T12:00:00-06:00']]);
  });
  it('is no plan when someone is asked whether they remember it', () => {
    expect(found('Do you remember the barbecue on Saturday?')).toEqual([]);
  });
});

describe('the plain form of a verb said after a name', () => {
  it('is part of the name after one thing', () => {
    expect(found('So the crane operator visit next Thursday at nine.')).toEqual([['Crane operator visit', '2027-09-16T09:00:00-06:00']]);
  });
  it('is the verb after many', () => {
    expect(found('The surveyors visit on Tuesday at eight.')).toEqual([['Surveyors', '2027-09-14T08:00:00-06:00']]);
  });
});

describe('what would happen under a condition just asked of', () => {
  it('is no plan', () => {
    expect(found('The roof sheets are delivered on Monday.', 'And what if the wind picks up?', 'Then we move the lift to Wednesday morning.')).toEqual([
      ['Roof sheets', '2027-09-13T09:00:00-06:00'],
    ]);
  });
  it('is no plan as the recogniser writes it, without the question mark', () => {
    expect(found('the roof inspection is on tuesday', 'what if the inspector is late', 'then we move it to thursday').map(([, start]) => start)).toEqual(['2027-09-14T09:00:00-06:00']);
  });
  it('is a plan when no condition was asked of', () => {
    expect(found('The roof sheets are delivered on Monday.', 'Is the crane booked?', 'Then we move the lift to Wednesday morning.').map(([, start]) => start)).toContain('2027-09-15T09:00:00-06:00');
  });
});

describe('a month named in that month', () => {
  it('is this one', () => {
    expect(findDates('The retaining wall gets finished in September.', reference).map((d) => d.label)).toEqual(['Sep 2027']);
  });
  it('is next year\'s when said to be next, or another month\'s', () => {
    expect(findDates('The retaining wall gets finished next September.', reference).map((d) => d.label)).toEqual(['Sep 2028']);
    expect(findDates('The retaining wall gets finished in August.', reference).map((d) => d.label)).toEqual(['Aug 2028']);
  });
});

describe('an order said to someone by name', () => {
  const tasks = (...lines: string[]) => findActionItems(talk(...lines), reference, ['Noor', 'Pavel']).map((i) => [i.owner, i.task, i.due?.iso]);
  it('is their task, the name said first or last', () => {
    expect(tasks('Noor|Pavel, chase the glazing supplier by Thursday.', 'Pavel|Will do.')).toEqual([['Pavel', 'chase the glazing supplier', '2027-09-09']]);
    expect(tasks('Noor|Book the skip for Friday, Pavel.', 'Pavel|Sure.')).toEqual([['Pavel', 'book the skip', '2027-09-10']]);
  });
});

describe('where on a site', () => {
  it('is a hut, a cabin or a car park', () => {
    expect(findLocation('The permit sign-off is at two in the site hut.')).toBe('Site hut');
    expect(findLocation('We meet at the welfare cabin after lunch.')).toBe('Welfare cabin');
    expect(findLocation('Deliveries wait in the north car park.')).toBe('North car park');
  });
});
