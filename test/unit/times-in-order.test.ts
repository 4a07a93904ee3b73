// From a band's gig planning typed for a user check (London): "load in from six, sound check at
// seven" read the sound check as 07:00, and "Thursday works. Seven till ten?", said after a line
// with a time, lost its Thursday (the agreement to a time offered was read into the day agreed
// to). Sentences written for these tests; the meeting is Monday 8 March 2027, 10:00 in Chicago.
import { describe, expect, it } from 'vitest';
import { dateReference, findDates } from '#shared/text/spoken-dates.ts';
import { lastLineDates } from '../support/spoken-events.ts';

const reference = dateReference('2027-03-08T16:00:00Z', 'America/Chicago')!;
const times = (text: string) => findDates(text, reference).map((d) => d.iso);

describe('times said in a run on one day', () => {
  it('go forward through the day after a time of the afternoon', () => {
    expect(times('On Friday the stalls go up at five and the lights come on at eight.')).toEqual(['2027-03-12', '2027-03-12T17:00:00-06:00', '2027-03-12T20:00:00-06:00']);
    expect(times('The choir warms up on Sunday from four, and the service starts at six thirty.')).toEqual(['2027-03-14T16:00:00-05:00', '2027-03-14T18:30:00-05:00']);
  });

  it('keep a morning said as such, and a run that starts in the morning', () => {
    expect(times('On Friday the stalls go up at 7 am and the gates open at eight.')).toEqual(['2027-03-12', '2027-03-12T07:00:00-06:00', '2027-03-12T08:00:00-06:00']);
    expect(times('On Friday we set up at nine and break for lunch at one.')).toEqual(['2027-03-12', '2027-03-12T09:00:00-06:00', '2027-03-12T13:00:00-06:00']);
  });

  it('do not move a time of another day', () => {
    expect(times('The call is today at three, and on Friday we start at eight.')).toEqual(['2027-03-08T15:00:00-06:00', '2027-03-12', '2027-03-12T08:00:00-06:00']);
  });
});

describe('a day agreed to after a time was offered', () => {
  it('is a day of its own, and a time said after it is its', () => {
    expect(lastLineDates(reference, 'Could the plumber come on Tuesday at nine?', 'Wednesday works. Ten till twelve?')).toEqual(['2027-03-10', '2027-03-10T10:00:00-06:00']);
  });

  it('adds nothing when it is the day offered, nor does a time agreed to', () => {
    expect(lastLineDates(reference, 'Could the plumber come on Tuesday at nine?', 'Tuesday works.')).toEqual([]);
    expect(lastLineDates(reference, 'Could the plumber come on Tuesday at nine?', 'Nine is fine.')).toEqual([]);
  });
});

describe('a span of hours said for a day of the evening', () => {
  it('ends that evening, after a thing of the evening or a day said with the evening', () => {
    expect(findDates('The farewell dinner is on Friday from eight till eleven.', reference).map((d) => [d.iso, d.end && `${d.end.day} ${d.end.hour}`])).toEqual([['2027-03-12T20:00:00-06:00', '12 23']]);
    expect(lastLineDates(reference, 'The choir practice is on Tuesday evening.', 'We have the hall from seven till nine thirty.')).toEqual(['2027-03-09T19:00:00-06:00']);
  });

  it('is the morning when nothing says evening', () => {
    expect(lastLineDates(reference, 'The choir practice is on Tuesday.', 'We have the hall from seven till nine thirty.')).toEqual(['2027-03-09T07:00:00-06:00']);
  });

  it('reads a start said in minutes past the hour', () => {
    expect(times('The hall is ours on Friday from twenty five past six till nine.')).toEqual(['2027-03-12T18:25:00-06:00']);
  });
});

describe('an hour said again for the day offered with it in the line before', () => {
  it('is as it was offered', () => {
    expect(lastLineDates(reference, 'The earliest slot is Friday at seven am.', 'Fine, Friday at seven.')).toEqual(['2027-03-12T07:00:00-06:00']);
    expect(lastLineDates(reference, 'The earliest slot is Friday at 5 am.', 'Fine, Friday at five.')).toEqual(['2027-03-12T05:00:00-06:00']);
  });

  it('is read as ever for another day', () => {
    expect(lastLineDates(reference, 'The earliest slot is Friday at 5 am.', 'Fine, Saturday at five.')).toEqual(['2027-03-13T17:00:00-06:00']);
  });
});

