// Days counted on from another ("a week on friday", "monday week", "two weeks from monday"), the
// end of a working day named with its day ("close of business thursday"), and who or how said
// after "meet" or "call". Sentences written for this test; the dates checked against a printed calendar.
import { describe, expect, it } from 'vitest';
import { dateReference, findDates } from '#shared/providers/llm/local/index.ts';
import { events } from '../support/spoken-events.ts';

/** Tuesday 5 January 2027, 11:00 in Dublin. */
const MEETING = '2027-01-05T11:00:00Z';
const reference = dateReference(MEETING, 'Europe/Dublin')!;
const on = (sentence: string) => findDates(sentence, reference).map((d) => d.iso);
const titled = (...sentences: string[]) => events(sentences, MEETING, 'Europe/Dublin').map((e) => [e.title, e.start_datetime]);

describe('a day counted on from another', () => {
  it.each([
    ['the valuation is a week on thursday', '2027-01-14'],
    ['can we say wednesday week', '2027-01-13'],
    ['the books close two weeks from friday', '2027-01-22'],
    ['the survey is due three weeks from today', '2027-01-26'],
    ['the samples come back ten days after tomorrow', '2027-01-16'],
    ['we reconvene tuesday week at half two', '2027-01-12T14:30:00+00:00'],
  ])('%j', (sentence, iso) => {
    expect(on(sentence)).toEqual([iso]);
  });

  it('leaves a week said otherwise as it was', () => {
    expect(on('friday week one of the trial was slow')).not.toContain('2027-01-15');
  });

  it('makes an event of a thing on that day', () => {
    expect(titled('the valuation is a week on thursday at ten')).toEqual([['Valuation', '2027-01-14T10:00:00+00:00']]);
  });
});

describe('the end of a working day named with its day', () => {
  it.each([
    ['the figures are due close of business thursday', '2027-01-07T17:00:00+00:00'],
    ['send it over friday eod', '2027-01-08T17:00:00+00:00'],
    ['cob on monday at the latest', '2027-01-11T17:00:00+00:00'],
    ['i need it by end of day today', '2027-01-05T17:00:00+00:00'],
  ])('%j is 17:00 that day', (sentence, iso) => {
    expect(on(sentence)).toEqual([iso]);
  });

  it('is no time when "at the end of the day" names no day', () => {
    expect(on('at the end of the day the board decides')).toEqual([]);
  });
});

describe('who or how said after "meet" or "call"', () => {
  it('is no part of the title', () => {
    expect(titled('meet me on thursday at noon')).toEqual([['Meeting', '2027-01-07T12:00:00+00:00']]);
    expect(titled("i'll call you first thing on friday")).toEqual([['Call', '2027-01-08T09:00:00+00:00']]);
  });
});

describe('"in a month, same time"', () => {
  it('is the day a month on, at the meeting’s time of day', () => {
    expect(on("let's pick this up in a month, same time")).toEqual(['2027-02-05T11:00:00+00:00']);
    expect(titled("let's pick this up in a month, same time")).toEqual([['Meeting: pick this up', '2027-02-05T11:00:00+00:00']]);
    expect(on('the results come in a month')).toEqual(['2027-02-05']);
  });
});

describe('the date of a thing, set then', () => {
  it('is named by the thing', () => {
    expect(titled("right, let's make the go-live date the first of march")).toEqual([['Go-live date', '2027-03-01T09:00:00+00:00']]);
    expect(titled('we agreed to set the exchange date for the nineteenth of february')).toEqual([['Exchange date', '2027-02-19T09:00:00+00:00']]);
  });
});

describe('a weekend named by a day in it, or counted on', () => {
  it.each([
    ['the barn dance is the weekend of the sixteenth', '2027-01-16'],
    ['we paint the hall the weekend of the 7th of february', '2027-02-06'],
    ['the cup final is the weekend of the twenty first of march', '2027-03-20'],
    ['the clear out is the weekend after next', '2027-01-16'],
    ['we restock the weekend of the fourteenth', '2027-01-16'],
  ])('%j is its Saturday', (sentence, iso) => {
    expect(on(sentence)).toEqual([iso]);
  });

  it('makes an event of a thing that weekend', () => {
    expect(titled('the barn dance is the weekend of the sixteenth')).toEqual([['Barn dance', '2027-01-16T09:00:00+00:00']]);
  });
});
