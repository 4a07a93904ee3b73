// A weekday said alone after a day of that weekday was named is that day, in the summary's key
// dates and in the calendar events; a day said with its time and again without is one key date;
// pleasantries are no key line. Transcripts written for this test.
import { describe, expect, it } from 'vitest';
import { localLanguageModel } from '#shared/providers/llm/local/index.ts';
import { dateReference, DatesSaid, findDates } from '#shared/text/spoken-dates.ts';
import type { Segment } from '#shared/providers/types.ts';
import { events } from '../support/spoken-events.ts';

const MONDAY = '2026-11-30T10:00:00Z';
const turns = (lines: readonly string[]): Segment[] => lines.map((sentence, i) => ({ speaker: i % 2 ? 'Bea' : 'Al', sentence, start_time: i * 6, end_time: i * 6 + 5 }));
const summary = async (lines: readonly string[]) =>
  (await localLanguageModel().summarize({ segments: turns(lines), prompt: 'Summarise the meeting.', context: { title: 'Planning', meetingDate: MONDAY } })).markdown;
const listed = (markdown: string, heading: string) => (markdown.split(/^## /m).find((s) => s.startsWith(heading)) ?? '').split('\n').filter((l) => l.startsWith('- '));

describe('a weekday said again', () => {
  it('is the day of that weekday named before, not the nearest one', () => {
    const reference = dateReference(MONDAY)!;
    const said = new DatesSaid();
    said.add(findDates('shall we do the tasting next thursday', reference));
    expect(findDates('thursday suits me', reference, said.earlier).map((d) => d.iso)).toEqual(['2026-12-10']);
    expect(findDates('thursday suits me', reference).map((d) => d.iso)).toEqual(['2026-12-03']);
    expect(findDates('this thursday suits me', reference, said.earlier).map((d) => d.iso)).toEqual(['2026-12-03']);
  });

  it('is the nearest such weekday when the day before was named without its weekday', () => {
    const reference = dateReference(MONDAY)!;
    const said = new DatesSaid();
    said.add(findDates('the party is on christmas eve', reference)); // a Thursday
    expect(findDates('can we talk it through on thursday', reference, said.earlier).map((d) => d.iso)).toEqual(['2026-12-03']);
  });

  it('gives the summary one key date for it', async () => {
    const dates = listed(await summary(['can we move the supplier visit to next friday', 'friday is good for our team', 'we need to count the stock before the visit']), 'Key dates');
    expect(dates.map((l) => /\*\*(.+?)\*\*/.exec(l)?.[1])).toEqual(['Fri 11 Dec 2026']);
  });

  it('adds what it says to the event of that day', () => {
    expect(events(["let's have the wine tasting next thursday at eleven", 'ok thursday at eleven in room six then'], MONDAY)).toMatchObject([
      { title: 'Wine tasting', start_datetime: '2026-12-10T11:00:00+00:00', location: 'Room 6' },
    ]);
  });

  it('is the day said before that falls on it, however it was said, when "that" points back at it', () => {
    const reference = dateReference(MONDAY)!;
    const said = new DatesSaid();
    said.add(findDates('the move is on the twenty ninth of january', reference)); // a Friday
    expect(findDates('so that friday we need the van all day', reference, said.earlier).map((d) => d.iso)).toEqual(['2027-01-29']);
    expect(findDates('friday we need the van all day', reference, said.earlier).map((d) => d.iso)).toEqual(['2026-12-04']);
  });

  it('is the same day when said twice in a row, as a recogniser may repeat it', () => {
    expect(findDates('see you on thursday the tenth thursday then', dateReference(MONDAY)!).map((d) => d.iso)).toEqual(['2026-12-10', '2026-12-10']);
  });

  it('forgets days named more than a few lines before', () => {
    const said = new DatesSaid(2);
    const reference = dateReference(MONDAY)!;
    said.add(findDates('the audit is next thursday', reference));
    said.add([]);
    said.add([]);
    expect(findDates('on thursday we clean the fridges', reference, said.earlier).map((d) => d.iso)).toEqual(['2026-12-03']);
  });
});

describe('key dates and key lines', () => {
  it('keeps one key date for a day said with its time and again without', async () => {
    const dates = listed(await summary(['the fire safety check is on the tenth at eleven a m', 'so on the tenth the landlord can let them in']), 'Key dates');
    expect(dates.map((l) => /\*\*(.+?)\*\*/.exec(l)?.[1])).toEqual(['Thu 10 Dec 2026 11:00']);
  });

  it('quotes no pleasantry as a key line', async () => {
    const lines = listed(await summary(['no problem happy to help with the setup', 'the printer in room two keeps jamming on thick paper', 'sounds good talk soon then', 'perfect makes sense to me']), 'Summary');
    expect(lines.map((l) => l.replace(/^.*\*\*: /, ''))).toEqual(['The printer in room two keeps jamming on thick paper']);
  });
});

describe('a day said with its month after a day said by its distance', () => {
  const reference = dateReference(MONDAY)!;
  const after = (first: string, then: string) => {
    const said = new DatesSaid();
    said.add(findDates(first, reference));
    return findDates(then, reference, said.earlier).map((d) => d.iso);
  };

  it('keeps the month it was said with', () => {
    expect(after("we're about nine weeks out from the opening", 'the printers need the artwork by the eighteenth of january')).toEqual(['2027-01-18']);
    expect(after('in five weeks we move offices', 'and the lease ends on the twentieth of december')).toEqual(['2026-12-20']);
  });

  it('lends its month to an earlier day only in the same sentence', () => {
    expect(after('the portal closes on the fifteenth of january', 'so we want it all finished by the twelfth')).toEqual(['2026-12-12']);
    expect(findDates('the portal closes on the fifteenth of january so we want it all finished by the twelfth', reference).map((d) => d.iso)).toEqual(['2027-01-15', '2027-01-12']);
  });

  it('lends no month to a day said alone', () => {
    expect(after('the audit is in six weeks', 'the forms are due on the twentieth')).toEqual(['2026-12-20']);
  });
});

describe('a time said alone after a day named with its time', () => {
  const evening = dateReference('2026-11-30T18:00:00Z', 'Europe/London')!;
  const morning = dateReference('2026-11-30T09:00:00Z', 'Europe/London')!;
  const after = (reference: typeof evening, first: string, then: string) => {
    const said = new DatesSaid();
    said.add(findDates(first, reference));
    return findDates(then, reference, said.earlier).map((d) => d.iso);
  };
  const FITTING = 'the dress fitting is on thursday the tenth at ten';

  it('is that day’s when the hour has gone by today', () => {
    expect(after(evening, FITTING, "i'll see if three o'clock is possible")).toEqual(['2026-12-10T15:00:00+00:00']);
  });

  it('is that day’s when it is offered instead', () => {
    expect(after(morning, FITTING, 'would half past four suit them')).toEqual(['2026-12-10T16:30:00+00:00']);
  });

  it('is that day’s when it says the same time again ("that\'s … for us")', () => {
    expect(after(morning, 'they want the call on thursday the tenth at three p m new york time', "that's eight p m for us")).toEqual(['2026-12-10T20:00:00+00:00']);
  });

  it('stays today’s or tomorrow’s when it says so, or when it offers nothing and is still to come', () => {
    expect(after(morning, FITTING, "i'll ring the shop at four")).toEqual(['2026-11-30T16:00:00+00:00']);
    expect(after(evening, FITTING, "i'll ring the shop tomorrow at four")).toEqual(['2026-12-01T16:00:00+00:00']);
    expect(after(evening, 'the fitting is on thursday the tenth', "i'll ring the shop at four")).toEqual(['2026-12-01T16:00:00+00:00']);
  });
});

describe('a unit of time with "the"', () => {
  it('is no date', () => {
    const reference = dateReference(MONDAY)!;
    expect(findDates('could we do it later in the day', reference)).toEqual([]);
    expect(findDates('some time later in the week', reference)).toEqual([]);
  });
});
