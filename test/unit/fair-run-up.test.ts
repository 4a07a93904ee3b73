// The run-up to a thing named by more than one word: "the gala" is "the gala dinner" said before,
// a time said after the thing a day is counted from is that day's, and words joined by hyphens
// ("run-through", "follow-up", "meet-and-greet") name a thing. Sentences written for these
// tests; the meeting is Thursday 19 November 2026, 17:00 in Dublin.
import { describe, expect, it } from 'vitest';
import { events, lastLineDates } from '../support/spoken-events.ts';
import { dateReference } from '#shared/text/spoken-dates.ts';

const MEETING = '2026-11-19T17:00:00Z';
const ZONE = 'Europe/Dublin';
const reference = dateReference(MEETING, ZONE)!;
const found = (...lines: string[]) => events(lines, MEETING, ZONE).map((e) => [e.title, e.start_datetime]);
const FAIR = 'the winter craft fair is on saturday the twelfth of december';

describe('a day counted from a thing named by one word of its name', () => {
  it('is counted from the day of the thing that word names', () => {
    expect(lastLineDates(reference, 'the gala dinner is on saturday the twelfth of december', 'the stallholders briefing is the thursday before the gala')).toEqual(['2026-12-10']);
    expect(lastLineDates(reference, FAIR, 'we take the gazebos down the monday after the craft fair')).toEqual(['2026-12-14']);
  });

  it('is not counted from a thing of two words that shares one of them', () => {
    expect(lastLineDates(reference, 'the annual dinner is on saturday the twelfth of december', 'the raffle draw is the friday before the annual quiz')).not.toEqual(['2026-12-11']);
  });
});

describe('a time said after the thing a day is counted from', () => {
  it('is the time of that day', () => {
    expect(lastLineDates(reference, FAIR, "let's do a final walk round the day before the fair at ten")).toEqual(['2026-12-11T10:00:00+00:00']);
    expect(lastLineDates(reference, 'the gala dinner is on saturday the twelfth of december', 'the sound check is the friday before the gala, from four to six')).toContain('2026-12-11T16:00:00+00:00');
    expect(lastLineDates(reference, 'the audit is on the third of december', 'we pack the files the day before at three')).toEqual(['2026-12-02T15:00:00+00:00']);
  });
});

describe('words joined by hyphens', () => {
  it('name the thing', () => {
    expect(found("let's do a final run-through on friday at ten")).toEqual([['Final run-through', '2026-11-20T10:00:00+00:00']]);
    expect(found('we have a follow-up on monday at two')).toEqual([['Follow-up', '2026-11-23T14:00:00+00:00']]);
    expect(found('the meet-and-greet is on friday at six')).toEqual([['Meet-and-greet', '2026-11-20T18:00:00+00:00']]);
  });

  it('leave a cue said as a word of its own as it was', () => {
    expect(found('the kick-off meeting is on monday at nine')).toEqual([['Kick-off meeting', '2026-11-23T09:00:00+00:00']]);
  });
});
