// Events from the restaurant's staff briefing spoken through flite and the recogniser (no
// punctuation, a word misheard): the night of a day ("by thursday night") is no thing of the evening
// that makes an hour said beside it the evening's; a meeting named first in a line gives way to the
// thing said to be on the day after it; "after" and one word between a day and "around" an hour
// ("saturday after practice around ten thirty") and "here" after the hour leave the time whole; a
// day of the month with "sometime" after it is a day (the clinic huddle, as the recogniser wrote it);
// "the friday before at six" without its comma is counted from the day said before; "let's have a
// good service" is a wish, no decision.
// Sentences written for this test.
import { describe, expect, it } from 'vitest';
import { decisionsIn } from '#shared/text/decisions.ts';
import { dateReference } from '#shared/text/spoken-dates.ts';
import { events, lastLineDates } from '../support/spoken-events.ts';

/** Wednesday 12 May 2027, 17:00 in Athens (UTC+3). */
const MEETING = '2027-05-12T17:00:00+03:00';
const ZONE = 'Europe/Athens';
const found = (...lines: string[]) => events(lines, MEETING, ZONE).map((e) => [e.title, e.start_datetime, e.end_datetime]);

describe('the night of a day said beside an hour', () => {
  it('leaves the hour the morning\'s', () => {
    expect(found('the fire check is next tuesday', 'between eight and ten so the storeroom needs clearing by monday night')[0]).toEqual(['Fire check', '2027-05-18T08:00:00+03:00', '2027-05-18T10:00:00+03:00']);
  });
});

describe('a meeting named first in a line', () => {
  it('gives way to the thing said to be on the day after it', () => {
    expect(found('right short team meeting today first up the boiler service is on friday at nine').map(([title, start]) => [title, start])).toEqual([['Boiler service', '2027-05-14T09:00:00+03:00']]);
  });
});

describe('"after" and a word between a day and "around" an hour', () => {
  it('leaves the time whole, with "here" after it', () => {
    expect(found('the quiz is friday after practice around eight thirty here in the hall').map(([title, start]) => [title, start])).toEqual([['Quiz', '2027-05-14T20:30:00+03:00']]);
  });
});

describe('a day of the month and "sometime" after it, without a comma', () => {
  it('is that day, at the part of the day said', () => {
    expect(found('the new kiln gets delivered on the twentieth sometime in the afternoon').map(([title, start]) => [title, start])).toEqual([['New kiln', '2027-05-20T14:00:00+03:00']]);
  });
});

describe('"the friday before at six" without its comma', () => {
  it('is counted from the day said before, not this week\'s', () => {
    expect(lastLineDates(dateReference(MEETING, ZONE)!, 'the gala dinner is on the twelfth of june and the dress rehearsal is the friday before at six')).toEqual(['2027-06-12', '2027-06-11', '2027-06-11T18:00:00+03:00']);
  });
});

describe('"let\'s have a good …"', () => {
  it('is a wish, no decision', () => {
    expect(decisionsIn(["right that's all let's have a good shift", "Let's have a lovely weekend.", "Let's go with the green menus."]).map((d) => d.at)).toEqual([2]);
  });
});
