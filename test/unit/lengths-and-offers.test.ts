// Events from a fifth round of meetings typed for a user check (a venue planning a wedding, an
// office planning a network cutover): a thing named before a question that offers its day, a
// thing asked "when can we do …", a length said with a start, and two things said apart on one
// day. Sentences written for this test.
import { describe, expect, it } from 'vitest';
import { dateReference } from '#shared/providers/llm/local/index.ts';
import { lengthSaid } from '#shared/text/length-said.ts';
import { events, lastLineDates } from '../support/spoken-events.ts';

/** Thursday 18 February 2027, 11:00 in London. */
const MEETING = '2027-02-18T11:00:00Z';
const found = (...lines: string[]) => events(lines, MEETING, 'Europe/London').map((e) => [e.title, e.start_datetime, e.end_datetime]);
const dates = (...lines: string[]) => lastLineDates(dateReference(MEETING, 'Europe/London')!, ...lines);

describe('a thing named before a question that offers its day', () => {
  it('names the day chosen', () => {
    expect(found('right, the fire drill, would thursday or friday morning suit you?', 'friday suits us')).toEqual([['Fire drill', '2027-02-19T09:00:00+00:00', '2027-02-19T10:00:00+00:00']]);
    expect(found('the photo shoot, how about next monday at ten?')).toEqual([['Photo shoot', '2027-02-22T10:00:00+00:00', '2027-02-22T11:00:00+00:00']]);
    expect(found('and the bake sale, are you free on saturday?')).toEqual([['Bake sale', '2027-02-20T09:00:00+00:00', '2027-02-20T10:00:00+00:00']]);
  });

  it('keeps its name when the day chosen is then given a time', () => {
    expect(found('the viewing, would monday or tuesday evening work?', 'tuesday is easier for me', 'great, tuesday at five forty five then')).toEqual([
      ['Viewing', '2027-02-23T17:45:00+00:00', '2027-02-23T18:45:00+00:00'],
    ]);
  });

  it('is no name when the question asks something else of the day', () => {
    expect(found('the budget, would friday be too late?')).toEqual([]);
  });
});

describe('a thing asked "when can we do …"', () => {
  it('names the day the next line gives', () => {
    expect(found('when should we hold the open day?', 'the twentieth of march at ten')).toEqual([['Open day', '2027-03-20T10:00:00+00:00', '2027-03-20T11:00:00+00:00']]);
    expect(found('when can we do the stock take?', "i'd say sunday the seventh of march, from eight")).toEqual([['Stock take', '2027-03-07T08:00:00+00:00', '2027-03-07T09:00:00+00:00']]);
  });
});

describe('a length said with a start', () => {
  it('is read in words, halves and minutes', () => {
    expect([lengthSaid('it should take about six hours'), lengthSaid('for an hour and a half'), lengthSaid('takes two and a half hours')]).toEqual([21_600_000, 5_400_000, 9_000_000]);
    expect([lengthSaid('for forty five minutes'), lengthSaid('a ninety-minute session'), lengthSaid('for half an hour')]).toEqual([2_700_000, 5_400_000, 1_800_000]);
  });

  it('is no length before, in or beyond a sitting', () => {
    expect([lengthSaid('we leave two hours before the show'), lengthSaid('back in three hours'), lengthSaid('for two days'), lengthSaid('for twenty hours')]).toEqual([undefined, undefined, undefined, undefined]);
  });

  it('ends the event, and is no part of its name', () => {
    expect(found('there is a two hour workshop on friday at ten')).toEqual([['Workshop', '2027-02-19T10:00:00+00:00', '2027-02-19T12:00:00+00:00']]);
    expect(found("let's meet on monday at three for half an hour")).toEqual([['Meeting', '2027-02-22T15:00:00+00:00', '2027-02-22T15:30:00+00:00']]);
    expect(found('the screening starts on saturday at seven and runs for two and a half hours')).toEqual([['Screening', '2027-02-20T19:00:00+00:00', '2027-02-20T21:30:00+00:00']]);
  });

  it('leaves the time said before it, and names no time of its own', () => {
    expect(dates('the board meeting on tuesday at two will take about an hour')).toEqual(['2027-02-23T14:00:00+00:00']);
    expect(dates('the tour takes two and a half hours')).toEqual([]);
  });

  it('is no date when "few" is said without "a", as a recogniser may drop it', () => {
    expect(dates('the sprint runs around few weeks')).toEqual([]);
    expect(dates('it should take about few days')).toEqual([]);
    expect(dates('see you in few weeks')).toEqual(['2027-03-11']);
  });
});

describe('two things on one day', () => {
  it('said apart are two events', () => {
    const talk = ['the audit is on friday the fifth of march', 'we need the folders ready', 'and the receipts scanned', 'i will bring the laptop', 'and the leaving drinks are on friday night'];
    expect(found(...talk).map(([title, start]) => [title, start])).toEqual([
      ['Audit', '2027-03-05T09:00:00+00:00'],
      ['Leaving drinks', '2027-03-05T19:00:00+00:00'],
    ]);
  });

  it('said together are one, its time from the one that gives it', () => {
    expect(found('the wedding is on saturday the nineteenth of june', 'the ceremony starts at two in the afternoon')).toEqual([['Ceremony', '2027-06-19T14:00:00+01:00', '2027-06-19T15:00:00+01:00']]);
  });
});
