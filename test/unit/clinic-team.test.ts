// Events from a seventeenth round of meetings typed for a user check (a veterinary clinic's
// morning huddle): "let's keep this short" proposes nothing; someone's arrival said with the thing
// of that day starts it, and the thing names the event; a thing owned by someone with a title
// ("Dr Patel's …"), said to be "the following Monday"; what is said of an appointment after "is"
// is no part of its name; a thing of the evening named so is at 18:00; "from midday" is noon; a thing delivered or installed on a day, at the
// part of the day said after a comma. Sentences written for this test.
import { describe, expect, it } from 'vitest';
import { events } from '../support/spoken-events.ts';

/** Wednesday 12 May 2027, 08:00 in Vancouver (UTC-7). */
const MEETING = '2027-05-12T08:00:00-07:00';
const ZONE = 'America/Vancouver';
const found = (...lines: string[]) => events(lines, MEETING, ZONE).map((e) => [e.title, e.start_datetime]);

describe('"let\'s keep this short"', () => {
  it('proposes nothing', () => {
    expect(found("Morning all, let's keep it brief, we've got consults from nine.")).toEqual([]);
    expect(found("Let's get going, the first patient is booked in at nine.")).toEqual([['First patient', '2027-05-12T09:00:00-07:00']]);
  });
});

describe('an arrival said with the thing of that day', () => {
  it('starts the thing, which names the event', () => {
    expect(found('The accreditation visit is on Friday the fourteenth, the inspector arrives at quarter past eight.')).toEqual([['Accreditation visit', '2027-05-14T08:15:00-07:00']]);
  });
});

describe('a thing owned by someone with a title', () => {
  it('is named with them, as said', () => {
    expect(found("Then Dr Okafor's dentistry seminar for the techs is next Thursday from one till three.")).toEqual([["Dr Okafor's dentistry seminar for the techs", '2027-05-20T13:00:00-07:00']]);
    expect(found('The open evening is on Friday the fourteenth.', "Mrs Ito's farewell lunch is the following Monday.")).toEqual([
      ['Open evening', '2027-05-14T18:00:00-07:00'],
      ["Mrs Ito's farewell lunch", '2027-05-17T12:00:00-07:00'],
    ]);
  });
});

describe('what is said of an appointment after "is"', () => {
  it('is no part of its name', () => {
    expect(found('The workshop for the receptionists is the following Monday.')).toEqual([['Workshop for the receptionists', '2027-05-17T09:00:00-07:00']]);
    expect(found('The call is about the rota on Monday.')).toEqual([['Call about the rota', '2027-05-17T09:00:00-07:00']]);
  });
});

describe('"from midday"', () => {
  it('is noon', () => {
    expect(found('The team picnic is Sunday the twenty third at the lake, from midday.')).toEqual([['Team picnic', '2027-05-23T12:00:00-07:00']]);
  });
});

describe('a thing delivered or installed on a day', () => {
  it('is an event at the part of the day said after a comma', () => {
    expect(found('The new autoclave gets installed on the twentieth, sometime in the afternoon.')).toEqual([['New autoclave', '2027-05-20T14:00:00-07:00']]);
    expect(found('The anaesthetic machine will be delivered on Monday, probably in the evening.')).toEqual([['Anaesthetic machine', '2027-05-17T18:00:00-07:00']]);
  });
});
