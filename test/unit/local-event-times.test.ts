// Days and times of calendar events found by the embedded language model in ASR-style sentences:
// days said alone, the end of a week, clock times without am or pm, and the recording's zone.
import { describe, expect, it } from 'vitest';
import { dateReference, findDates } from '#shared/text/spoken-dates.ts';
import { normaliseSpokenTimes } from '#shared/text/spoken-times.ts';
import { events, MEETING } from '../support/spoken-events.ts';

/** The days (ISO dates, no time) said in a sentence at the meeting. */
const dayOf = (sentence: string) => findDates(sentence, dateReference(MEETING)!).map((d) => d.iso);

describe('days and times of local calendar events', () => {
  // Written for this test: the end of a week is its last working day, not chrono's Saturday or nothing at all.
  describe('the end of a week', () => {
    it.each([
      ['the caterers need our numbers by the end of the week', '2026-11-19T10:00:00Z', '2026-11-20'],
      ['i can have the draft ready by end of next week', '2026-11-19T10:00:00Z', '2026-11-27'],
      ['send me the quotes by the end of the working week please', '2026-11-20T10:00:00Z', '2026-11-20'],
      // Said on a Sunday, "the week" is the one to come.
      ['the caterers need our numbers by the end of the week', '2026-11-22T10:00:00Z', '2026-11-27'],
    ])('reads %j said at %s as Friday %s', (sentence, meeting, day) => {
      expect(findDates(sentence, dateReference(meeting)!).map((d) => d.iso)).toEqual([day]);
    });

    it('makes a deadline of a task due at the end of a week or a month', () => {
      expect(events(['the insurance forms are due by the end of the week'])).toMatchObject([{ title: 'Deadline: insurance forms', start_datetime: '2026-11-20T09:00:00+00:00' }]);
      expect(events(['the hall has to be booked by the end of the month'])).toMatchObject([{ start_datetime: '2026-11-30T09:00:00+00:00' }]);
      expect(events(['we should talk again next week'])).toEqual([]);
    });
  });

  // Written for this test: a meeting on Monday 30 November 2026 at 09:00.
  describe('today, by a part of it or by its weekday', () => {
    const monday = dateReference('2026-11-30T09:00:00Z')!;
    const read = (sentence: string) => findDates(sentence, monday).map((d) => [d.iso, d.start.dayPartHour, d.period]);

    it('reads "this morning", "this afternoon" and "this evening" as the meeting\'s day at that part of it', () => {
      expect(read('fine i will ring the landlord this afternoon')).toEqual([['2026-11-30', 14, undefined]]);
      // 06:00, chrono's "morning", has gone by: it is still this morning.
      expect(read('i checked the meter this morning')).toEqual([['2026-11-30', 9, undefined]]);
      expect(read('we can sort the invoices this evening')).toEqual([['2026-11-30', 18, undefined]]);
    });

    it('reads a weekday said on that weekday as next week\'s, and "this monday" as today', () => {
      expect(read('lets advertise the flat on monday')).toEqual([['2026-12-07', undefined, undefined]]);
      expect(findDates('the cleaners come on monday at ten', monday).map((d) => d.iso)).toEqual(['2026-12-07T10:00:00+00:00']);
      expect(read('this monday is a holiday')).toEqual([['2026-11-30', undefined, undefined]]);
    });
  });

  // Written for this test: a practice meeting on Tuesday 1 December 2026.
  describe('days gone by, days that come back, and a weekday with its day', () => {
    const tuesday = dateReference('2026-12-01T08:30:00Z', 'Europe/London')!;
    const days = (sentence: string) => findDates(sentence, tuesday).map((d) => d.iso);

    it('finds no date in a day gone by, which chrono\'s forward reading made the next one', () => {
      expect(days('we vaccinated three hundred patients last saturday')).toEqual([]);
      expect(days('the boiler failed last week again')).toEqual([]);
    });

    it('finds no date in a part of a day that comes back', () => {
      expect(days('we keep the walk in clinic on tuesday mornings only')).toEqual([]);
      expect(days('friday afternoons are always quiet')).toEqual([]);
    });

    it('reads "saturday the twelfth" as that day, whatever follows it', () => {
      expect(days('the next clinic is on saturday the twelfth')).toEqual(['2026-12-12']);
      expect(days('see you wednesday the ninth then')).toEqual(['2026-12-09']);
    });

    // Written for this test: the weekday and the month both said with the day.
    it('reads "sunday the thirteenth of december" as one mention of that day', () => {
      expect(findDates('the carol service is on sunday the thirteenth of december', tuesday).map((d) => [d.text, d.iso])).toEqual([['sunday the thirteenth of december', '2026-12-13']]);
      expect(days('we reopen on monday the fourth of january')).toEqual(['2027-01-04']);
      expect(events(['the carol service is on sunday the thirteenth of december at four p m'], '2026-12-01T08:30:00Z')).toMatchObject([{ title: 'Carol service', start_datetime: '2026-12-13T16:00:00+00:00' }]);
    });
  });

  // Written for this test: midnight is the last minute of the day said, as a deadline means it.
  it('reads midnight as the end of its day, and "this week" and "the midnight train" as no date', () => {
    const tuesday = dateReference('2026-12-01T14:00:00Z', 'Europe/London')!;
    const at = (sentence: string) => findDates(sentence, tuesday).map((d) => d.iso);
    expect(at('entries close on thursday at midnight')).toEqual(['2026-12-03T23:59:00+00:00']);
    expect(at('the form has to be in by midnight tonight')).toEqual(['2026-12-01T23:59:00+00:00']);
    expect(at('the voting closes at midnight on the fourth of december')).toEqual(['2026-12-04T23:59:00+00:00']);
    expect(at('we took the midnight train')).toEqual([]);
    expect(at('the big push this week is the website')).toEqual([]);
    expect(events(['the deadline for the grant is friday at midnight'], '2026-12-01T14:00:00Z')).toMatchObject([{ title: 'Deadline: grant', start_datetime: '2026-12-04T23:59:00+00:00' }]);
  });

  // Written for this test: spoken hours from one to another.
  it('reads "from nine to one" after a day as the hours it runs, and opening hours that come back as no date', () => {
    const clinic = findDates('the next clinic is on saturday the twelfth from nine to one', dateReference('2026-12-01T08:30:00Z')!)[0]!;
    expect([clinic.iso, clinic.end?.hour, clinic.end?.minute]).toEqual(['2026-12-12T09:00:00+00:00', 13, 0]);
    expect(normaliseSpokenTimes('lets meet on friday from two thirty to four p m')).toBe('lets meet on friday from 2:30 to 4 pm');
    expect(normaliseSpokenTimes('we need from two to four volunteers on friday')).toBe('we need from two to four volunteers on friday');
    expect(dayOf('the shop is open from nine until five on saturdays')).toEqual([]);
    expect(events(['the next clinic is on saturday the twelfth from nine to one'])).toMatchObject([{ title: 'Clinic', start_datetime: '2026-12-12T09:00:00+00:00', end_datetime: '2026-12-12T13:00:00+00:00' }]);
  });

  describe('a day of the month said alone', () => {
    // Meeting on Thursday 19 November 2026.
    it.each([
      ['the venue wants our answer by the 24th', '2026-11-24'],
      ['lets do the handover on the seventh, before lunch', '2026-12-07'],
      ['i am away until the twenty ninth', '2026-11-29'],
      ['the printers come back to us after the thirteenth', '2026-12-13'],
      ['the insurance has to be renewed before the thirty first', '2026-12-31'],
      ['we could move the launch to the 30th', '2026-11-30'],
    ])('reads %j as the next such day', (sentence, day) => {
      expect(dayOf(sentence)).toEqual([day]);
    });

    it.each([
      'we will vote on the third proposal tomorrow',
      'she finished second',
      'i think we should settle on the first.',
      'we agreed on the second',
      'the lifts to the fourth floor are out',
      'by the tenth time he had stopped listening',
      'for the third year running the fair made a loss',
    ])('finds no day of the month in %j', (sentence) => {
      expect(findDates(sentence, dateReference(MEETING)!).filter((d) => /first|second|third|fourth|tenth/.test(d.text))).toEqual([]);
    });

    it('reads "the first" and "the second" as days only before a time, and joins a time said before or after', () => {
      expect(findDates('the auditors arrive on the first at nine a m', dateReference(MEETING)!).map((d) => d.iso)).toEqual(['2026-12-01T09:00:00+00:00']);
      expect(findDates('at four thirty p m on the eleventh the board meets', dateReference(MEETING)!).map((d) => d.iso)).toEqual(['2026-12-11T16:30:00+00:00']);
    });

    it('counts the day of the month from the meeting\'s day in its zone', () => {
      // 23:30 UTC on the 19th is the morning of the 20th in Tokyo: the 19th is next month's.
      const tokyo = dateReference('2026-11-19T23:30:00Z', 'Asia/Tokyo')!;
      expect(findDates('the minutes are due on the 19th', tokyo).map((d) => d.iso)).toEqual(['2026-12-19']);
      expect(findDates('lets meet on the twentieth at 5 pm', tokyo).map((d) => d.iso)).toEqual(['2026-11-20T17:00:00+09:00']);
    });

    it('makes an event of a meeting proposed for a day said alone', () => {
      expect(events(['lets get together again on the sixteenth at two p m'])).toMatchObject([{ start_datetime: '2026-12-16T14:00:00+00:00' }]);
      expect(events(['the grant application is due on the 27th'])).toMatchObject([{ title: 'Deadline: grant application', start_datetime: '2026-11-27T09:00:00+00:00' }]);
    });
  });

  // Written for this test: a time said alone, the words around a date, and a purpose before the appointment.
  it('puts a time said without a day today when it is still to come, else tomorrow', () => {
    // The meeting is at 10:00 on Thursday 19 November: "at two thirty" is 14:30 that day.
    expect(events(['the plumber comes for the boiler appointment at two thirty'])).toMatchObject([{ start_datetime: '2026-11-19T14:30:00+00:00' }]);
    expect(events(['the plumber comes for the boiler appointment at two thirty'], '2026-11-19T15:00:00Z')).toMatchObject([{ start_datetime: '2026-11-20T14:30:00+00:00' }]);
  });

  // Written for this test: an hour from seven to eleven said without am/pm at a meeting held after noon.
  it('reads "at seven" said at an evening meeting as 19:00 that day, while it is still to come', () => {
    const at = (sentence: string, meetingDate: string) => events([sentence], meetingDate).map((e) => e.start_datetime);
    expect(at('the pub quiz fundraiser starts at seven', '2026-11-19T17:30:00Z')).toEqual(['2026-11-19T19:00:00+00:00']);
    expect(at('lets meet at seven to count the raffle money', '2026-11-19T17:30:00Z')).toEqual(['2026-11-19T19:00:00+00:00']);
    expect(at('the rehearsal is at eight thirty', '2026-11-19T13:00:00Z')).toEqual(['2026-11-19T20:30:00+00:00']);
    // In Tokyo the meeting is at 18:00 local time, whatever the hour in UTC.
    expect(events(['the rehearsal is at eight thirty'], '2026-11-19T09:00:00Z', 'Asia/Tokyo').map((e) => e.start_datetime)).toEqual(['2026-11-19T20:30:00+09:00']);
    // A morning meeting, am said, or the evening hour gone by: as chrono reads it (a thing of the evening aside: events-evening.test.ts).
    expect(at('the stock count starts at seven', '2026-11-19T10:00:00Z')).toEqual(['2026-11-20T07:00:00+00:00']);
    expect(at('the rehearsal is at eight thirty a m', '2026-11-19T13:00:00Z')).toEqual(['2026-11-20T08:30:00+00:00']);
    expect(at('the rehearsal is at nine', '2026-11-19T21:30:00Z')).toEqual(['2026-11-20T09:00:00+00:00']);
  });

  // Written for this test: a day said with an hour from seven to eleven, at a meeting held in the evening or the day.
  it('reads "next tuesday at seven" said at an evening meeting as 19:00, and at a morning one as 07:00', () => {
    const at = (sentence: string, meetingDate: string) => events([sentence], meetingDate).map((e) => e.start_datetime);
    expect(at('lets meet again at seven next tuesday to finalise the rota', '2026-11-19T18:30:00Z')).toEqual(['2026-11-24T19:00:00+00:00']);
    expect(at('the pub quiz fundraiser starts tomorrow at eight', '2026-11-19T17:30:00Z')).toEqual(['2026-11-20T20:00:00+00:00']);
    expect(at('lets meet again at seven next tuesday to finalise the rota', '2026-11-19T10:00:00Z')).toEqual(['2026-11-24T07:00:00+00:00']);
    // 22:00 is more than three hours from a 14:00 meeting: the morning.
    expect(at('the stocktake is on friday at ten', '2026-11-19T14:00:00Z')).toEqual(['2026-11-20T10:00:00+00:00']);
  });

  describe('time zones', () => {
    it('reads wall-clock times in the recording zone, with that day\'s offset', () => {
      const [berlin] = events(["let's meet next tuesday at three p m"], MEETING, 'Europe/Berlin');
      expect(berlin).toMatchObject({ start_datetime: '2026-11-24T15:00:00+01:00', end_datetime: '2026-11-24T16:00:00+01:00' });
      const [york] = events(["let's meet next tuesday at three p m"], MEETING, 'America/New_York');
      expect(york).toMatchObject({ start_datetime: '2026-11-24T15:00:00-05:00' });
    });

    it('takes the offset of the event day, not the meeting day, across a change to winter time', () => {
      // Berlin leaves summer time on 25 October 2026: the meeting is at +02:00, the event at +01:00.
      const [event] = events(["let's meet on tuesday at 10 am"], '2026-10-22T08:00:00Z', 'Europe/Berlin');
      expect(event).toMatchObject({ start_datetime: '2026-10-27T10:00:00+01:00' });
      expect(new Date(event!.start_datetime).toISOString()).toBe('2026-10-27T09:00:00.000Z');
    });

    it('counts "tomorrow" from the meeting day in the zone, not in UTC', () => {
      // 23:30 UTC on the 19th is already the 20th in Berlin and still the 19th in New York.
      const late = '2026-11-19T23:30:00Z';
      expect(events(['call tomorrow at 10 am'], late, 'Europe/Berlin')[0]).toMatchObject({ start_datetime: '2026-11-21T10:00:00+01:00' });
      expect(events(['call tomorrow at 10 am'], late, 'America/New_York')[0]).toMatchObject({ start_datetime: '2026-11-20T10:00:00-05:00' });
    });
  });

  describe('clock times', () => {
    it('reads an hour from 1 to 6 said without am or pm as afternoon, and others as said', () => {
      expect(events(["let's meet on tuesday at 3"])[0]).toMatchObject({ start_datetime: '2026-11-24T15:00:00+00:00' });
      expect(events(["let's meet on tuesday at 9"])[0]).toMatchObject({ start_datetime: '2026-11-24T09:00:00+00:00' });
      expect(events(["let's meet on tuesday at 3 am"])[0]).toMatchObject({ start_datetime: '2026-11-24T03:00:00+00:00' });
    });

    it('takes "in the evening" and "in the morning" after an hour', () => {
      expect(events(["let's meet on tuesday at 8 in the evening"])[0]).toMatchObject({ start_datetime: '2026-11-24T20:00:00+00:00' });
      expect(events(["let's meet on tuesday at 5 in the morning"])[0]).toMatchObject({ start_datetime: '2026-11-24T05:00:00+00:00' });
    });

    it('puts a day said with a part of the day at that part of a working day, and a day alone at 09:00', () => {
      // The meeting: Thursday 19 November 2026, 10:00 UTC.
      expect(events(['the design review meeting is on friday afternoon'])[0]).toMatchObject({ start_datetime: '2026-11-20T14:00:00+00:00', end_datetime: '2026-11-20T15:00:00+00:00' });
      expect(events(["let's call the supplier tomorrow morning"])[0]).toMatchObject({ start_datetime: '2026-11-20T09:00:00+00:00' });
      expect(events(['the client call is on monday in the afternoon'])[0]).toMatchObject({ start_datetime: '2026-11-23T14:00:00+00:00' });
      expect(events(['next wednesday evening we have the team dinner'])[0]).toMatchObject({ start_datetime: '2026-11-25T18:00:00+00:00' });
      expect(events(['the demo for the board is on monday'])[0]).toMatchObject({ start_datetime: '2026-11-23T09:00:00+00:00' });
      // Later the same day: still ahead of the meeting, so still proposed.
      expect(events(['we have a call tonight about the launch plan'])[0]).toMatchObject({ start_datetime: '2026-11-19T19:00:00+00:00' });
      // In the recording's zone, and a time said wins over the part of the day.
      expect(events(['the handover meeting is friday afternoon'], MEETING, 'Europe/Berlin')[0]).toMatchObject({ start_datetime: '2026-11-20T14:00:00+01:00' });
      expect(events(["let's meet friday afternoon at 4"])[0]).toMatchObject({ start_datetime: '2026-11-20T16:00:00+00:00' });
    });

    it('turns "at ten" into a time only where a time can end', () => {
      expect(normaliseSpokenTimes('call tomorrow at ten')).toBe('call tomorrow at 10');
      expect(normaliseSpokenTimes('at ten on friday')).toBe('at 10 on friday');
      expect(normaliseSpokenTimes('at one point we agreed')).toBe('at one point we agreed');
    });
  });
});
