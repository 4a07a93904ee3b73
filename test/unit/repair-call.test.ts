// From a landlord's call with a tenant about repairs typed for a user check (Denver): "I can get
// the heating engineer out on Wednesday morning, probably between eight and ten" (was no event,
// and a task "get the heating engineer out , probably from 8 to 10"), "when is the lease renewal
// due?" answered "… by the end of the month. I'll email it to you tomorrow" (tomorrow was
// "Lease renewal", and "it" was "the end"), "please move your car by seven that morning" after
// "next Thursday" (no time, no day) and "the boiler stopped working again over the weekend" (a
// key date on the coming Saturday). Sentences written for these tests; the meeting is Thursday
// 14 October 2027, 16:00 in Phoenix.
import { describe, expect, it } from 'vitest';
import { events, itemsOfTalk, lastLineDates } from '../support/spoken-events.ts';
import { dateReference } from '#shared/text/spoken-dates.ts';

const MEETING = '2027-10-14T23:00:00Z';
const ZONE = 'America/Phoenix';
const reference = dateReference(MEETING, ZONE)!;
const found = (...lines: string[]) => events(lines, MEETING, ZONE).map((e) => [e.title, e.start_datetime, e.end_datetime]);
const dueOf = (...lines: string[]) => itemsOfTalk(reference, ...lines).map((i) => [i.task, i.due?.start]);

describe('someone the speaker sends', () => {
  it('is a visit, titled by the one who comes and what for', () => {
    expect(found('I can get the locksmith out on Monday afternoon, probably between one and three.')).toEqual([['Locksmith', '2027-10-18T13:00:00-07:00', '2027-10-18T15:00:00-07:00']]);
    expect(found('I can have a gardener there on Saturday at nine to clear the hedge.')).toEqual([['Gardener to clear the hedge', '2027-10-16T09:00:00-07:00', '2027-10-16T10:00:00-07:00']]);
    expect(found('We will send someone over on Tuesday at eleven.')).toEqual([['Visit', '2027-10-19T11:00:00-07:00', '2027-10-19T12:00:00-07:00']]);
  });

  it('is no visit when a thing is sent', () => {
    expect(found('I will send the invoice over on Friday.')).toEqual([]);
  });
});

describe('a question when something is', () => {
  it('is answered once: a day said after the answer is no day of the thing asked about', () => {
    const titles = found('When is the gas safety check?', 'It has to be done before the end of next month. I will phone the company tomorrow.').map(([title]) => title);
    expect(titles).not.toContain('Gas safety check');
  });
});

describe('what "it" stands for', () => {
  it('is no part of a time ("the end of the week")', () => {
    expect(dueOf('Lena|The deposit has to be paid by the end of the week. I will transfer it on Monday.').map(([task]) => task)).toEqual(['transfer the deposit']);
  });
});

describe('a time said right after a day', () => {
  it('is the time a task is due, and no part of the task', () => {
    expect(dueOf('Omar|I will pick up the keys on Friday, probably at four.')).toEqual([['pick up the keys', { year: 2027, month: 10, day: 15, hour: 16, minute: 0 }]]);
  });

  it('is of the day said before in the sentence, "that evening"', () => {
    expect(dueOf('Kim|The road is being dug up next Wednesday, so please park on the street by six that evening.')).toEqual([['park on the street', { year: 2027, month: 10, day: 20, hour: 18, minute: 0 }]]);
  });
});

describe('a day told of as gone by', () => {
  it('is no day ahead', () => {
    expect(lastLineDates(reference, 'The pump broke down on Sunday.')).toEqual([]);
    expect(lastLineDates(reference, 'We saw the flat on Saturday morning.')).toEqual([]);
    expect(lastLineDates(reference, 'I read the contract on Sunday evening.')).toEqual([]);
    expect(lastLineDates(reference, 'It started leaking over the weekend, and the roofer comes on Tuesday.')).toEqual(['2027-10-19']);
  });

  it('is read as said when the clause plans or tells a state', () => {
    expect(lastLineDates(reference, 'When we spoke on Monday we agreed to meet again on Friday.')).toEqual(['2027-10-15']);
    expect(lastLineDates(reference, 'The library is closed on Monday.')).toEqual(['2027-10-18']);
    expect(lastLineDates(reference, 'The new boiler will be delivered on Wednesday.')).toEqual(['2027-10-20']);
    expect(lastLineDates(reference, 'I sent them the booking for Saturday.')).toEqual(['2027-10-16']);
  });
});
