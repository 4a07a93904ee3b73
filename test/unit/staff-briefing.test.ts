// Events and key dates from a sixteenth round of meetings typed for a user check (a restaurant's
// staff briefing before service): an hour said after the end of the working day ("after close,
// around eleven thirty") is the evening's; a thing someone owns ("Sofia's leaving party is …");
// a thing of one word named with what it is for ("tasting for the staff is …"); a meal said as
// the time of day ("after lunch service") is no meal had, and a meal had without a time is at
// its hour; a time said for a day the speaker named a few lines before is quoted with that day,
// and what the sentence after it says of the evening is not its own. Sentences written for this test.
import { describe, expect, it } from 'vitest';
import { localLanguageModel } from '#shared/providers/llm/local/index.ts';
import type { Segment } from '#shared/providers/types.ts';
import { dateReference, findDates } from '#shared/text/spoken-dates.ts';
import { events, lastLineDates } from '../support/spoken-events.ts';

/** Tuesday 9 November 2027, 15:30 in Madrid (UTC+1). */
const MEETING = '2027-11-09T15:30:00+01:00';
const ZONE = 'Europe/Madrid';
const reference = dateReference(MEETING, ZONE)!;
const found = (...lines: string[]) => events(lines, MEETING, ZONE).map((e) => [e.title, e.start_datetime]);
const keyDates = async (speakers: readonly string[], ...lines: string[]) => {
  const segments: Segment[] = lines.map((sentence, i) => ({ speaker: speakers[i % speakers.length]!, sentence, start_time: i * 6, end_time: i * 6 + 5 }));
  const { markdown } = await localLanguageModel().summarize({ segments, prompt: 'Summarise the meeting.', context: { title: 'Briefing', meetingDate: MEETING, timeZone: ZONE } });
  const section = markdown.split(/^## /m).find((s) => s.startsWith('Key dates')) ?? '';
  return section.split('\n').filter((l) => l.startsWith('- ')).map((l) => l.replace(/^- /, '').replace(/\s+\([^)]*\)$/, ''));
};

describe('an hour said after the end of the working day', () => {
  it('is the evening\'s', () => {
    expect(findDates('The staff party is Friday after close, around ten thirty.', reference).map((d) => d.iso)).toEqual(['2027-11-12T22:30:00+01:00']);
    expect(findDates('We can do the deep clean on Thursday after service, around nine.', reference).map((d) => d.iso)).toEqual(['2027-11-11T21:00:00+01:00']);
  });
});

describe('a thing someone owns', () => {
  it('is named with its owner when that is a person', () => {
    expect(found("One more thing, Lucia's farewell dinner is on Saturday at nine at the terrace.")).toEqual([["Lucia's farewell dinner", '2027-11-13T21:00:00+01:00']]);
    expect(found("The bakery's open day starts on the eighteenth at ten.")).toEqual([['Open day', '2027-11-18T10:00:00+01:00']]);
    expect(found("It's on Friday at six.")).toEqual([]);
  });
});

describe('a thing of one word named with what it is for', () => {
  it('is named by both', () => {
    expect(found('Training for the new waiters is on Thursday at three.')).toEqual([['Training for the new waiters', '2027-11-11T15:00:00+01:00']]);
  });
});

describe('a meal', () => {
  it('said as the time of day, is no meal had', () => {
    expect(found('Pablo can cover the bar after dinner service on Friday.')).toEqual([]);
  });
  it('had without a time, is at the meal\'s hour; after lunch is the early afternoon', () => {
    expect(found('Lunch with the new owners is on Wednesday.')).toEqual([['Lunch with the new owners', '2027-11-10T12:00:00+01:00']]);
    expect(found('The team supper is on the sixteenth.')).toEqual([['Team supper', '2027-11-16T19:00:00+01:00']]);
    expect(found("Let's meet after lunch on Thursday.")).toEqual([['Meeting', '2027-11-11T13:00:00+01:00']]);
  });
});

describe('a time said for a day named a few lines before', () => {
  it('is not the evening\'s for what the next sentence says of the night', () => {
    expect(lastLineDates(reference, 'The fire officer visits next Tuesday.', 'Which hours?', 'Between eight and ten. Then the fryers get cleaned on Monday night.')).toEqual(['2027-11-16T08:00:00+01:00', '2027-11-15']);
  });
  it('is quoted with that day when the same speaker said both', async () => {
    const dates = await keyDates(['Elena', 'Marco', 'Elena'], 'The fire officer visits next Tuesday.', 'Which hours?', 'Between eight and ten.');
    expect(dates).toEqual(['**Tue 16 Nov 2027 08:00–10:00**: The fire officer visits next Tuesday. … Between eight and ten.']);
  });
  it('is quoted with the sentences of its line that say which day', async () => {
    const dates = await keyDates(['Elena'], 'The new aprons came in. The winter menu starts on the first of December. The briefing for it is the Friday before, at five.');
    expect(dates).toContain('**Fri 26 Nov 2027 17:00**: The winter menu starts on the first of December. The briefing for it is the Friday before, at five.');
  });
});
