// Events from a sixth round of meetings typed for a user check (volunteers planning a book sale):
// a day offered right after a need names what is needed, a one-word title takes the fuller name
// said before it, a reply's bare verb ("i will call them") takes the task it took on, a thing
// offered a day ("how about the photo shoot on monday") is named, and a time before "work",
// "suit" or "be ok" is a time, the summary reads dates on the recording's clocks, and a span
// said at an evening meeting that would run past midnight is the day's.
// Sentences written for this test.
import { describe, expect, it } from 'vitest';
import { events } from '../support/spoken-events.ts';

/** Thursday 18 February 2027, 11:00 in London. */
const MEETING = '2027-02-18T11:00:00Z';
const found = (...lines: string[]) => events(lines, MEETING, 'Europe/London').map((e) => [e.title, e.start_datetime]);

describe('a day offered right after a need', () => {
  it('names what is needed', () => {
    expect(found('we need a few people to paint the fence before the open day.', 'how about saturday at ten?')).toEqual([['Paint the fence', '2027-02-20T10:00:00+00:00']]);
    expect(found("we'll need someone to pick up the keys, would monday at four work?")).toEqual([['Pick up the keys', '2027-02-22T16:00:00+00:00']]);
    expect(found('we need volunteers to stack the chairs after the concert.', 'tuesday at six works for me')).toEqual([['Stack the chairs', '2027-02-23T18:00:00+00:00']]);
  });

  it('names nothing when the day is not offered for it, or the need is the day itself', () => {
    expect(found('we need to order more chairs.', "i'm away on monday at ten.")).toEqual([]);
    expect(found('we need to set a date.', 'how about friday at eight?')).toEqual([]);
    expect(found('we need to be careful.', 'how about friday at eight?')).toEqual([]);
  });
});

describe('a one-word title', () => {
  it('takes the fuller name said before it', () => {
    expect(found('first on the list is the autumn craft fair.', 'okay.', 'the fair itself is on saturday the sixth of march at ten.')).toEqual([['Autumn craft fair', '2027-03-06T10:00:00+00:00']]);
    expect(found("let's talk about our charity quiz night.", 'the night is friday the fifth of march at seven.')).toEqual([['Charity quiz night', '2027-03-05T19:00:00+00:00']]);
  });

  it('keeps its own word when what came before only says which one', () => {
    expect(found('the last fair was far too crowded.', 'the fair is on saturday the sixth of march at ten.')).toEqual([['Fair', '2027-03-06T10:00:00+00:00']]);
  });
});

describe('a reply that says only its verb', () => {
  it('takes the task it took on', () => {
    expect(found('could you call the caterer and confirm the numbers?', 'yes, i will call them on monday at nine.')).toEqual([['Call the caterer and confirm the numbers', '2027-02-22T09:00:00+00:00']]);
  });
});

describe('a thing offered a day', () => {
  it('is named when the offer names it before the day or after it', () => {
    expect(found('how about the photo shoot on monday at ten?')).toEqual([['Photo shoot', '2027-02-22T10:00:00+00:00']]);
    expect(found('what about a team lunch on wednesday at half twelve?')).toEqual([['Team lunch', '2027-02-24T12:30:00+00:00']]);
    expect(found("let's do the stock take on sunday at eight.")).toEqual([['Stock take', '2027-02-21T08:00:00+00:00']]);
    expect(found('would monday at ten work for the photo shoot?')).toEqual([['Photo shoot', '2027-02-22T10:00:00+00:00']]);
  });

  it('is no thing when the offer says no more than "the same"', () => {
    expect(found("let's do the same on friday at ten.").map(([title]) => title)).not.toContain('Same');
  });
});

describe('a time asked about', () => {
  it('is the time when "work", "suit" or "sound" follows it', () => {
    expect(found('the site visit, would tuesday at eleven work?')).toEqual([['Site visit', '2027-02-23T11:00:00+00:00']]);
    expect(found('will the delivery on monday at ten be ok?')).toEqual([['Delivery', '2027-02-22T10:00:00+00:00']]);
    expect(found('would the boiler service on monday at half past ten suit you?')).toEqual([['Boiler service', '2027-02-22T10:30:00+00:00']]);
  });

  it('is in the evening for a night out', () => {
    expect(found('the games night is on friday at seven.')).toEqual([['Games night', '2027-02-19T19:00:00+00:00']]);
  });
});


describe("the summary's key dates and dues", () => {
  it("are read on the recording's clocks, as its calendar events are", async () => {
    const { localLanguageModel } = await import('#shared/providers/llm/local/index.ts');
    // Tuesday 9 March 2027, 21:00 in Chicago: already Wednesday in UTC.
    const context = { title: 'Board', meetingDate: '2027-03-10T03:00:00.000Z', timeZone: 'America/Chicago' };
    const segments = [
      { speaker: 'Ana', sentence: 'Can you send the agenda by tomorrow?', start_time: 0, end_time: 4 },
      { speaker: 'Ben', sentence: 'The open house is on saturday from nine to three.', start_time: 5, end_time: 9 },
    ];
    const { markdown } = await localLanguageModel().summarize({ segments, prompt: 'Summarise.', context });
    expect(markdown).toContain('(due Wed 10 Mar 2027)');
    expect(markdown).toContain('**Sat 13 Mar 2027 09:00–15:00**');
  });
});

describe('a span said at an evening meeting', () => {
  /** Tuesday 9 March 2027, 21:00 in Chicago. */
  const atNine = (line: string) => events([line], '2027-03-10T03:00:00.000Z', 'America/Chicago').map((e) => [e.start_datetime, e.end_datetime]);

  it("is the day's when the evening's would run past midnight", () => {
    expect(atNine('the open house is on saturday from nine to three.')).toEqual([['2027-03-13T09:00:00-06:00', '2027-03-13T15:00:00-06:00']]);
    expect(atNine('the car wash is on saturday from eight until twelve.')).toEqual([['2027-03-13T08:00:00-06:00', '2027-03-13T12:00:00-06:00']]);
  });

  it("stays the evening's for a thing of the evening, or a time said alone near the meeting's", () => {
    expect(atNine('the party is on saturday from nine till one.')).toEqual([['2027-03-13T21:00:00-06:00', '2027-03-14T01:00:00-06:00']]);
    expect(atNine('the call is on saturday at nine.')).toEqual([['2027-03-13T21:00:00-06:00', '2027-03-13T22:00:00-06:00']]);
  });
});
