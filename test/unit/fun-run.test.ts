// A fun run planned by a club committee: days counted from the day said last ("two weeks before
// that", "the weekend before"), and tasks that end at a comma before what someone did or a
// question. Sentences written for this test.
import { describe, expect, it } from 'vitest';
import { dateReference } from '#shared/providers/llm/local/index.ts';
import { itemsOfTalk, lastLineDates } from '../support/spoken-events.ts';

/** Tuesday 1 December 2026, 19:00 in London. */
const MEETING = '2026-12-01T19:00:00Z';
const reference = dateReference(MEETING, 'Europe/London')!;
const dates = (...lines: string[]) => lastLineDates(reference, ...lines);
const items = (...lines: string[]) => itemsOfTalk(reference, ...lines).map((i) => [i.owner, i.task]);

describe('a day counted from the day said last', () => {
  const fair = 'the book fair is on wednesday the seventeenth of march';

  it('by weeks or days', () => {
    expect(dates(fair, 'the posters go up two weeks before that')).toEqual(['2027-03-03']);
    expect(dates(fair, 'and we count the cash three days after')).toEqual(['2027-03-20']);
    expect(dates(fair, 'the week before we sort the books')).toEqual(['2027-03-10']);
  });

  it('by weekends: the one before a weekday, or a week away from a weekend day', () => {
    expect(dates(fair, 'we collect donations the weekend before')).toEqual(['2027-03-13']);
    expect(dates(fair, 'the weekend after we return the tables')).toEqual(['2027-03-20']);
    expect(dates('the race is on sunday the eleventh of april', 'we walk the route the weekend before')).toEqual(['2027-04-03']);
  });

  it('is no day before a thing no date says, or with nothing said', () => {
    expect(dates(fair, 'the weekend before the race we rest')).toEqual([]);
    expect(dates('we tidy up two days after')).toEqual([]);
  });
});

describe('a task', () => {
  it('ends at a comma before what someone did, or a question', () => {
    expect(items('Joe|i can ask the scouts, they helped out before')).toEqual([['Joe', 'ask the scouts']]);
    expect(items("Maya|i'll handle the raffle, what about the cake stall?")).toEqual([['Maya', 'handle the raffle']]);
  });
});
