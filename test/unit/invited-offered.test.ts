// From three user checks typed for them (Denver): a recruiter's call ("we'd like to invite you to a
// second interview with the hiring manager" … "when would that be?" … "we have Tuesday at two or
// Wednesday morning" … "okay, Wednesday at nine thirty then": no event; "is there anything I should
// prepare?" was a task), a conference organisers' call ("how about the thirteenth?", "the
// thirteenth works" read no day) and a nurse's call about a discharge ("a carer will come twice a
// day" was tomorrow; "the discharge should be around midday" no event). Sentences written for these
// tests; the meeting is Monday 8 March 2027, 10:00 in Chicago.
import { describe, expect, it } from 'vitest';
import { dateReference } from '#shared/text/spoken-dates.ts';
import { events, itemsOfTalk, lastLineDates } from '../support/spoken-events.ts';

const MEETING = '2027-03-08T16:00:00Z';
const reference = dateReference(MEETING, 'America/Chicago')!;
const found = (...lines: string[]) => events(lines, MEETING, 'America/Chicago').map((e) => [e.title, e.start_datetime]);

describe('a thing one is invited to', () => {
  it('is what the days offered after "when would that be?" are for', () => {
    expect(
      found('We would like to invite you to a final interview with the director.', 'Thank you. When would that be?', 'We have Thursday at ten or Friday afternoon. Which is better for you?', 'Friday afternoon would suit me.', 'Great, Friday at three then.'),
    ).toEqual([['Final interview with the director', '2027-03-12T15:00:00-06:00']]);
  });
});

describe('a day of the month offered or agreed to alone', () => {
  it('is a day after "how about", and before "works"', () => {
    expect(lastLineDates(reference, "I can't do the nineteenth. How about the twentieth?")).toEqual(['2027-03-19', '2027-03-20']);
    expect(lastLineDates(reference, 'The 22nd works.')).toEqual(['2027-03-22']);
  });

  it('moves the thing planned there, with a time said after it', () => {
    expect(found('We need a dress rehearsal at the theatre. Can you do the nineteenth?', "I'm away on the nineteenth. How about the twentieth?", 'The twentieth works. Two o\'clock at the stage door.')).toEqual([['Dress rehearsal', '2027-03-20T14:00:00-05:00']]);
  });
});

describe('how often something happens', () => {
  it('is no day', () => {
    expect(lastLineDates(reference, 'The nurse will ring twice a day, morning and night, from Monday.')).toEqual(['2027-03-15']);
    expect(lastLineDates(reference, 'Feed her three times a day, morning, noon and night.')).toEqual([]);
  });
});

describe('a thing that "should be" at a time', () => {
  it('is an event then, "around midday" being noon', () => {
    expect(found('The surgery is on Tuesday. The admission should be around midday.')).toEqual([['Admission', '2027-03-09T12:00:00-06:00']]);
  });
});

describe('"is there anything I should …?"', () => {
  it('asks, and takes no task on', () => {
    expect(itemsOfTalk(reference, 'Ana|Is there anything I should read before the course?', 'Ben|Just the welcome pack.')).toEqual([]);
  });
});
