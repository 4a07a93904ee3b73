// Events said in the ways a conversation takes a thing up again: named, then resumed by a
// pronoun ("the open day, it's booked for …"); described, then dated ("the handover is the day
// after the audit, so the ninth"); "same time next week"; and the street a place is on.
// Sentences written for this test, as an unpunctuated recogniser writes them.
import { describe, expect, it } from 'vitest';
import { findDates, dateReference } from '#shared/text/spoken-dates.ts';
import { events } from '../support/spoken-events.ts';

/** Monday 30 November 2026, 18:15 in London. */
const MEETING = '2026-11-30T18:15:00Z';
const one = (sentence: string) => events([sentence], MEETING, 'Europe/London').map((e) => ({ title: e.title, start: e.start_datetime, location: e.location }));

describe('a thing taken up again by a pronoun', () => {
  it('is the thing said to happen then', () => {
    expect(one('right the open day it is booked for saturday the fifth of december at ten')).toEqual([{ title: 'Open day', start: '2026-12-05T10:00:00+00:00', location: '' }]);
    expect(one("and the staff party they're on friday the eighteenth")).toMatchObject([{ title: 'Staff party', start: '2026-12-18T09:00:00+00:00' }]);
  });
});

describe('a thing said to be moved to a day', () => {
  it('is the thing on that day, named with or without a determiner', () => {
    expect(one('right sports day has moved to friday the eleventh')).toMatchObject([{ title: 'Sports day', start: '2026-12-11T09:00:00+00:00' }]);
    expect(one('the carol service has been pushed back to sunday the twentieth')).toMatchObject([{ title: 'Carol service', start: '2026-12-20T09:00:00+00:00' }]);
  });
});

describe('a thing described, then dated', () => {
  it('is the thing, on the day the description comes to', () => {
    expect(one('the handover is the day after the audit so wednesday the ninth at two')).toMatchObject([{ title: 'Handover', start: '2026-12-09T14:00:00+00:00' }]);
    expect(one('the rota change is the first monday of the new term which is the fourth of january')).toMatchObject([{ title: 'Rota change', start: '2027-01-04T09:00:00+00:00' }]);
  });

  it('ends the name of the thing at a relative clause', () => {
    expect(one('the move is the weekend after the sale which is saturday the twelfth')).toMatchObject([{ title: 'Move' }]);
  });
});

describe('the same time', () => {
  const reference = dateReference(MEETING, 'Europe/London')!;
  const times = (sentence: string) => findDates(sentence, reference).map((d) => [d.text, d.iso]);

  it('is the meeting’s own time of day on the day said', () => {
    expect(times('good so same time next week')).toEqual([['same time next week', '2026-12-07T18:15:00+00:00']]);
    expect(times('shall we say in three weeks same time')).toEqual([['in three weeks same time', '2026-12-21T18:15:00+00:00']]);
    expect(times('can we do the same time on thursday')).toEqual([['the same time on thursday', '2026-12-03T18:15:00+00:00']]);
  });

  it('is no time when it means "also"', () => {
    expect(times('at the same time on thursday the kitchen is closed')).toEqual([['on thursday', '2026-12-03']]);
  });

  it('said alone with its day is the meeting again', () => {
    expect(one('okay then same time next week')).toEqual([{ title: 'Meeting', start: '2026-12-07T18:15:00+00:00', location: '' }]);
  });

  it('makes a day said by its distance an event', () => {
    expect(one("let's catch up again in two weeks same time")).toEqual([{ title: 'Meeting', start: '2026-12-14T18:15:00+00:00', location: '' }]);
  });
});

describe('a target', () => {
  it('is no meeting', () => {
    expect(one("fine let's aim for the fourteenth then")).toEqual([]);
  });
});

describe('a thing that closes or expires then', () => {
  it('is a deadline', () => {
    expect(one('remember the online form closes at five on friday the eleventh')).toMatchObject([{ title: 'Deadline: online form closes', start: '2026-12-11T17:00:00+00:00' }]);
  });
});

describe('a line that only says where', () => {
  it('gives the event just before it its place', () => {
    const said = events(["we'll run the quiz on friday the eleventh at seven", 'at the cricket club', 'bring a pen'], MEETING, 'Europe/London');
    expect(said.map((e) => [e.title, e.location])).toEqual([['Meeting: run the quiz', 'Cricket club']]);
  });

  it('gives none to an event further back', () => {
    const said = events(["we'll run the quiz on friday the eleventh at seven", 'the raffle needs prizes', 'we sold forty tickets', 'at the cricket club'], MEETING, 'Europe/London');
    expect(said.map((e) => e.location)).toEqual(['']);
  });
});

describe('a street', () => {
  it('is where the event is, with the place on it', () => {
    expect(one('the book swap is on sunday at eleven at the old bakery on church lane')[0]?.location).toBe('Old bakery, Church Lane');
    expect(one('the bike check is on saturday on the high street')[0]?.location).toBe('High Street');
  });

  it('is no place when its words end a name', () => {
    expect(one('the delivery is on friday so we meet on the road')[0]?.location).toBe('');
  });
});
