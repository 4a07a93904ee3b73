// Time zones said after a time, read in the recording's zone. Sentences written for this test;
// the offsets are the published rules of each zone (New York UTC−5 and Los Angeles UTC−8 in
// December, UTC−4 in July; Berlin UTC+1 in December; Tokyo UTC+9).
import { describe, expect, it } from 'vitest';
import { dateReference, findActionItems, findDates } from '#shared/providers/llm/local/index.ts';
import { events } from '../support/spoken-events.ts';

const london = dateReference('2026-12-02T10:00:00Z', 'Europe/London')!; // a Wednesday, 10:00 in London
const iso = (sentence: string, reference = london) => findDates(sentence, reference).map((d) => d.iso);

describe('a zone said after a time', () => {
  it.each([
    ['the investor call is at three p m eastern on thursday', '2026-12-03T20:00:00+00:00'],
    ['the demo is at ten a m pacific time on friday', '2026-12-04T18:00:00+00:00'],
    ['we go live at two p m central european time on monday', '2026-12-07T13:00:00+00:00'],
    ['the stand up is at noon new york time on friday', '2026-12-04T17:00:00+00:00'],
    ['the webinar is at four p m uk time on tuesday', '2026-12-08T16:00:00+00:00'],
  ])('%j is that zone’s time', (sentence, when) => {
    expect(iso(sentence)).toEqual([when]);
  });

  it('takes the zone’s own daylight saving time', () => {
    expect(iso('the launch is at nine a m eastern on the seventh of july')).toEqual(['2027-07-07T14:00:00+01:00']);
  });

  it('is the next such time in that zone when no day is said', () => {
    expect(iso('i can call the vendor at nine a m eastern')).toEqual(['2026-12-02T14:00:00+00:00']);
    expect(iso('the sync is at four p m tokyo time')).toEqual(['2026-12-03T07:00:00+00:00']);
  });

  it('needs "time" after a city, which may name a place', () => {
    expect(iso('meet me at three p m london bridge station')).toEqual(['2026-12-02T15:00:00+00:00']);
  });

  it('goes with the date out of a task and into the event', () => {
    const said = [{ speaker: 'Ana', sentence: "i'll brief the sales team at eight a m pacific on friday", start_time: 0, end_time: 4 }];
    expect(findActionItems(said, london).map((i) => [i.task, i.due?.label])).toEqual([['brief the sales team', 'Fri 4 Dec 2026 16:00']]);
    expect(events(["let's have the board call at nine a m eastern on monday"], '2026-12-02T10:00:00Z', 'Europe/London')).toMatchObject([
      { title: 'Board call', start_datetime: '2026-12-07T14:00:00+00:00' },
    ]);
  });
});

describe('"their time" with the city they are in', () => {
  it('is that city’s time', () => {
    expect(iso("she can do friday at nine a m her time she's in chicago")).toEqual(['2026-12-04T15:00:00+00:00']);
    expect(iso("let's say thursday at ten local time as we're based in tokyo")).toEqual(['2026-12-03T01:00:00+00:00']);
  });

  it('is as said when no city is named', () => {
    expect(iso('he can do friday at nine a m his time')).toEqual(['2026-12-04T09:00:00+00:00']);
  });
});
