// From a junior football club's committee meeting typed for a user check (held at 19:00 in
// Sydney): a thing a group has on a day ("the under twelves have a home game …" was no event),
// a morning hour said at an evening meeting for a thing not of the evening (was 21:30), a cue word
// that only says what kind of thing follows it ("presentation night" was "Presentation: night"),
// a longer "end of … " name (was no event), and a thing named before "when is that?" or with what
// it is for (was no event). Sentences written for these tests; the meeting is Monday 10 May 2027,
// 10:30 in Dublin, unless said.
import { describe, expect, it } from 'vitest';
import { events } from '../support/spoken-events.ts';

const found = (lines: string[], at = '2027-05-10T09:30:00Z') => events(lines, at, 'Europe/Dublin').map((e) => [e.title, e.start_datetime]);

describe('a thing a group has', () => {
  it('is an event, named by the thing', () => {
    expect(found(['The year nines have an excursion on Thursday.'])).toEqual([['Excursion', '2027-05-13T09:00:00+01:00']]);
    expect(found(['Our seniors have a swimming carnival next Tuesday at ten.'])).toEqual([['Swimming carnival', '2027-05-18T10:00:00+01:00']]);
    expect(found(['The choir has a rehearsal on Wednesday at four.'])).toEqual([['Rehearsal', '2027-05-12T16:00:00+01:00']]);
  });

  it('but not a trouble it has', () => {
    expect(found(['The printer has a problem on Mondays.', 'The client has a problem on Monday.'])).toEqual([]);
  });
});

describe('an hour said at an evening meeting', () => {
  it('is the morning for a thing not of the evening, more than two hours from the meeting', () => {
    // 19:00 and 17:00 in Dublin.
    expect(found(['The fun run is on Sunday at nine thirty.'], '2027-05-10T18:00:00Z')).toEqual([['Fun run', '2027-05-16T09:30:00+01:00']]);
    expect(found(['The working bee is on Saturday at eight.'], '2027-05-10T16:00:00Z')).toEqual([['Working bee', '2027-05-15T08:00:00+01:00']]);
  });

  it('is still the evening near the time the meeting is held, or for a thing of the evening', () => {
    expect(found(["Let's meet again next Thursday at seven to go over the accounts."], '2027-05-10T16:15:00Z')).toEqual([['Meeting: go over the accounts', '2027-05-20T19:00:00+01:00']]);
    expect(found(['The quiz is on Friday at nine.'], '2027-05-10T16:00:00Z')).toEqual([['Quiz', '2027-05-14T21:00:00+01:00']]);
  });
});

describe('a cue word before another noun', () => {
  it('only says what kind the thing is', () => {
    expect(found(['The interview day is on the ninth of June.'])).toEqual([['Interview day', '2027-06-09T09:00:00+01:00']]);
    expect(found(['Demo afternoon is on Friday.'])).toEqual([['Demo afternoon', '2027-05-14T09:00:00+01:00']]);
  });

  it('and a cue said after the first is what the first is for', () => {
    expect(found(["Let's catch up on Friday to plan the workshop agenda."])).toEqual([['Meeting: plan the workshop agenda', '2027-05-14T09:00:00+01:00']]);
  });
});

describe('a longer name', () => {
  it('keeps what it is of', () => {
    expect(found(['The end of year staff picnic is on the third of June.'])).toEqual([['End of year staff picnic', '2027-06-03T09:00:00+01:00']]);
  });
});

describe('a thing asked about', () => {
  it('named before "when is that?", or with what it is for, takes the day given in answer', () => {
    expect(found(["Right, the fun run for the school, when's that?", 'Sunday the sixteenth.'])).toEqual([['Fun run', '2027-05-16T09:00:00+01:00']]);
    expect(found(['When is the bake-off for the hospice?', 'Next Saturday.'])).toEqual([['Bake-off', '2027-05-22T09:00:00+01:00']]);
  });
});
