// Events, key dates and action items from a seventh round of meetings typed for a user check (a
// residents' association): an item of the agenda opened and then given a day, a thing named again
// when it is moved, a length said in a later line, a weekday said after a day as what it is, a
// weekday or a weekend that names no one day, and "at least" before a day; and from a clinic's
// staff meeting, a thing suggested or to be done on a day, "let's do it" of a thing said with "a",
// and a name said in capitals. Sentences written for this test.
import { describe, expect, it } from 'vitest';
import { dateReference } from '#shared/providers/llm/local/index.ts';
import { events, itemsOfTalk, lastLineDates } from '../support/spoken-events.ts';

/** Tuesday 18 May 2027, 19:30 in Singapore (UTC+8). */
const MEETING = '2027-05-18T19:30:00+08:00';
const ZONE = 'Asia/Singapore';
const reference = dateReference(MEETING, ZONE)!;
const found = (...lines: string[]) => events(lines, MEETING, ZONE).map((e) => [e.title, e.start_datetime, e.end_datetime]);
const dates = (...lines: string[]) => lastLineDates(reference, ...lines);
const items = (...lines: string[]) => itemsOfTalk(reference, ...lines).map((i) => [i.owner, i.task, i.due?.iso]);

describe('an item of the agenda opened', () => {
  it('names the day said next with no name of its own', () => {
    expect(found('right. next item, the window cleaning. the company suggested friday the fourth of june at eight in the morning.')).toEqual([
      ['Window cleaning', '2027-06-04T08:00:00+08:00', '2027-06-04T09:00:00+08:00'],
    ]);
    expect(found('lastly, the pool inspection.', 'would monday the seventh at two work for everyone?')).toEqual([['Pool inspection', '2027-06-07T14:00:00+08:00', '2027-06-07T15:00:00+08:00']]);
  });

  it('names nothing said further on, nor a line that says more than the item', () => {
    expect(found('lastly, the pool inspection.', 'the pump is noisy.', 'the tiles are cracked.', 'would monday the seventh at two work for everyone?')).toEqual([]);
    expect(found('second, the pool inspection is on the seventh and the fee has gone up.').map((e) => e[0])).not.toContain('Pool inspection.');
  });
});

describe('a thing moved, named again', () => {
  it('moves to the day offered', () => {
    expect(found('next, the barbecue.', 'we pencilled in saturday the twelfth of june at five.', 'could we move the barbecue to the nineteenth instead?', 'okay, the nineteenth at five then.')).toEqual([
      ['Barbecue', '2027-06-19T17:00:00+08:00', '2027-06-19T18:00:00+08:00'],
    ]);
    expect(found('next, the summer party. we proposed saturday the twelfth of june at five p m.', 'that clashes with the regatta, no? could we push it to the nineteenth instead?', 'fine, the nineteenth at five then.')).toEqual([
      ['Summer party', '2027-06-19T17:00:00+08:00', '2027-06-19T18:00:00+08:00'],
    ]);
  });
});

describe('a length said in a later line', () => {
  it('ends the timed event just planned', () => {
    expect(found('the pest control visit is on thursday the tenth of june at nine a m.', 'thursday the tenth is fine.', 'it should take around two hours.')).toEqual([
      ['Pest control visit', '2027-06-10T09:00:00+08:00', '2027-06-10T11:00:00+08:00'],
    ]);
  });
});

describe('a weekday said after a day as what it is', () => {
  it('is that day, the time said after it its time', () => {
    expect(dates('we booked the twenty second of june, a tuesday, at seven in the evening.')).toEqual(['2027-06-22T19:00:00+08:00']);
    expect(dates('the survey is on the fifth, which is a saturday, at nine in the morning.')).toEqual(['2027-06-05T09:00:00+08:00']);
    // As a recogniser writes it, without the commas, after a day and its month; "the third monday" is a day of its own.
    expect(dates('we propose the twenty second of june tuesday at seven in the evening')).toEqual(['2027-06-22T19:00:00+08:00']);
    expect(dates('the third monday at six')).toEqual(['2027-05-24T18:00:00+08:00']);
  });
});

describe('a day that names no one day', () => {
  it('is no date: a weekday evening, a weekend named by what falls on it', () => {
    expect(dates('the contractor prefers a weekday evening.')).toEqual([]);
    expect(dates('that clashes with the regatta weekend, no?')).toEqual([]);
    expect(dates("we'll be away over the Deepavali weekend.")).toEqual([]);
    expect(dates('is this weekend any good?')).toEqual(['2027-05-22']);
  });
});

describe('"at least" before a day', () => {
  it('leads into the day, and leaves the task', () => {
    expect(items('Wei|the water will be off on the tenth of june.', 'Raj|we need to warn everyone at least three days before.')).toEqual([['Raj', 'warn everyone', '2027-06-07']]);
  });
});

describe('a thing suggested or to be done on a day', () => {
  it('is named by the thing', () => {
    expect(found("i'd suggest we hold the fire warden training on thursday the third of june at nine a m.")).toEqual([
      ['Fire warden training', '2027-06-03T09:00:00+08:00', '2027-06-03T10:00:00+08:00'],
    ]);
    expect(found('we should do a walkthrough on monday the seventh at four p m.')).toEqual([['Walkthrough', '2027-06-07T16:00:00+08:00', '2027-06-07T17:00:00+08:00']]);
  });

  it('is what "let\'s do it" sets, not a day said with it', () => {
    expect(found('we ought to have a dry run of the evacuation a week before, on the first of june.', "let's do it at three in the afternoon.")).toEqual([
      ['Dry run', '2027-06-01T15:00:00+08:00', '2027-06-01T16:00:00+08:00'],
    ]);
  });
});

describe('a fuller name said in capitals', () => {
  it('keeps its capitals', () => {
    expect(found('first, the MCST audit and the budget.', 'the audit itself is on the ninth of june.').map((e) => e[0])).toEqual(['MCST audit']);
  });
});
