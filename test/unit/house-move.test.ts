// A house move arranged with a removals firm: a day of the month said again after its month, "the
// day before" counted from the day said, hours with their part of the day or "about", a time asked
// for after a line of two days, things to do named by a word in -ing or left without their verb,
// and a reply that does the thing asked for with another verb. Sentences written for this test.
import { describe, expect, it } from 'vitest';
import { dateReference } from '#shared/providers/llm/local/index.ts';
import { events, itemsOfTalk, lastLineDates } from '../support/spoken-events.ts';

/** Tuesday 1 December 2026, 10:00 in London. */
const MEETING = '2026-12-01T10:00:00Z';
const reference = dateReference(MEETING, 'Europe/London')!;
const dates = (...lines: string[]) => lastLineDates(reference, ...lines);
const timed = (...sentences: string[]) => events(sentences, MEETING, 'Europe/London').map((e) => [e.title, e.start_datetime]);
const items = (...lines: string[]) => itemsOfTalk(reference, ...lines).map((i) => [i.owner, i.task, i.due?.iso]);

describe('a day of the month said again', () => {
  it('is the day of the month said with it before', () => {
    expect(dates('the exchange is on the twentieth of march', 'and the keys are handed over on the twentieth')).toEqual(['2027-03-20']);
  });

  it('is the coming one when no month was said', () => {
    expect(dates('the keys are handed over on the twentieth')).toEqual(['2026-12-20']);
  });
});

describe('the day before, the day after', () => {
  const recital = 'the recital is on saturday the sixth of february';

  it('counts from the day said last', () => {
    expect(dates(recital, 'so we rehearse the day before')).toEqual(['2027-02-05']);
    expect(dates(recital, 'and we tidy the hall the day after that')).toEqual(['2027-02-07']);
  });

  it('counts from a day said later in the same line only when none was said before', () => {
    expect(dates(recital, 'the dress rehearsal the day before and the recital itself on the sixth')).toEqual(['2027-02-05', '2027-02-06']);
  });

  it('is no day with nothing said to count from, or before a thing no date says', () => {
    expect(dates('we tidy the hall the day after')).toEqual([]);
    expect(dates(recital, 'the night before the party we decorate')).toEqual([]);
    expect(dates('we clear the stalls the day after the sale')).toEqual([]);
  });

  it('leaves "the day after tomorrow" to mean what it says', () => {
    expect(dates(recital, 'the day after tomorrow works')).toEqual(['2026-12-03']);
  });
});

describe('an hour with its part of the day, or about so', () => {
  const onTheDay = (line: string) => dates('the ferry is on the ninth of april', line);

  it('is read with the part of the day', () => {
    expect(onTheDay('boarding starts around seven in the evening')).toEqual(['2027-04-09T19:00:00+01:00']);
    expect(onTheDay('we must be out of the cabin by ten in the morning')).toEqual(['2027-04-09T10:00:00+01:00']);
    expect(onTheDay('the bar shuts at eleven at night')).toEqual(['2027-04-09T23:00:00+01:00']);
    expect(onTheDay('the music plays until twelve at night')).toEqual(['2027-04-09T23:59:00+01:00']);
  });

  it('is read after "at about", "by around"', () => {
    expect(onTheDay('we dock at about nine thirty')).toEqual(['2027-04-09T09:30:00+01:00']);
    expect(onTheDay('the coach picks us up by around nine, then we drive on')).toEqual(['2027-04-09T09:00:00+01:00']);
  });

  it('is no time where it counts things', () => {
    expect(onTheDay('we have three in the morning and two in the afternoon')).toEqual([]);
    expect(onTheDay('about eight people are coming')).toEqual([]);
    expect(onTheDay('there are about four, maybe five')).toEqual([]);
  });
});

describe('a time asked for after a line of two days', () => {
  it('is the day said last there', () => {
    const lines = ['we could set up the stalls the day before and hold the fair itself on the fifteenth of may', 'what time would people arrive?', 'the first visitors come around ten in the morning'];
    expect(dates(...lines)).toEqual(['2027-05-15T10:00:00+01:00']);
  });
});

describe('a thing done on a day', () => {
  it('is named by a word in -ing after a modal and "do"', () => {
    expect(timed("we'll do the decorating on saturday")).toEqual([['Decorating', '2026-12-05T09:00:00+00:00']]);
    expect(timed('i could do the ironing on thursday')).toEqual([['Ironing', '2026-12-03T09:00:00+00:00']]);
  });

  it('is named after "and" with its verb left out, and without "itself"', () => {
    expect(timed('the survey is on the third of march and the valuation on the fifth')).toEqual([
      ['Survey', '2027-03-03T09:00:00+00:00'],
      ['Valuation', '2027-03-05T09:00:00+00:00'],
    ]);
    expect(timed('the wedding itself is on the tenth of july')).toEqual([['Wedding', '2027-07-10T09:00:00+01:00']]);
  });
});

describe('a reply to a request', () => {
  it('that does the thing asked for with another verb is the same task, due when the reply says', () => {
    expect(items('Ana|could you send me the invoice', "Ben|sure, i'll post the invoice tomorrow")).toEqual([['Ben', 'send Ana the invoice', '2026-12-02']]);
  });

  it('that does another thing is another task', () => {
    expect(items('Ana|could you send me the invoice', "Ben|sure, and i'll check the receipts tomorrow")).toHaveLength(2);
  });
});

describe('a task', () => {
  it('ends at a comma before what there is', () => {
    expect(items("Ben|i need to book the church hall, there's a craft fair that week")).toEqual([['Ben', 'book the church hall', undefined]]);
  });
});
