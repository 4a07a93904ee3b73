// A wedding planned and an outage reviewed: a date given in answer to "when is …?", a time said
// of "the night before" a thing (no day known), someone coming for a thing or flying in, what
// "them", "her", "him" and "they" stand for, a reply that sets up what the other said is needed,
// a weekday's mishap told of after it, "on call" asked about, and the reply to a question among
// the passages found. Sentences written for this test.
import { describe, expect, it } from 'vitest';
import { dateReference, findDates } from '#shared/providers/llm/local/index.ts';
import { answerSources } from '#shared/recordings/retrieval.ts';
import { events, itemsOfTalk, talk } from '../support/spoken-events.ts';

/** Wednesday 16 December 2026, 19:00 in London. */
const MEETING = '2026-12-16T19:00:00Z';
const reference = dateReference(MEETING, 'Europe/London')!;
const timed = (...sentences: string[]) => events(sentences, MEETING, 'Europe/London').map((e) => [e.title, e.start_datetime]);
const items = (...lines: string[]) => itemsOfTalk(reference, ...lines).map((i) => [i.owner, i.task]);

describe('a date given in answer to "when is …?"', () => {
  it('names the thing asked about', () => {
    expect(timed('so when is the christening', 'the twentieth of march at eleven')).toEqual([['Christening', '2027-03-20T11:00:00+00:00']]);
    expect(timed("when's our housewarming again, the ninth of january right", 'yes the ninth from six thirty p m')).toEqual([['Housewarming', '2027-01-09T18:30:00+00:00']]);
  });

  it('names nothing said two lines later', () => {
    expect(timed('when is the christening', 'not sure', 'the dog needs the vet on the twentieth of march at eleven').map(([title]) => title)).not.toContain('Christening');
  });
});

describe('a time said of the day next to a thing', () => {
  it('is no day of the day said before', () => {
    const dates = (...lines: string[]) => {
      const said: string[] = [];
      for (const line of lines) said.splice(0, said.length, ...findDates(line, reference).map((d) => d.iso));
      return said;
    };
    expect(dates('the fitting is on the fifth of february at ten', 'drinks are the night before the christening at eight')).toEqual([]);
    expect(findDates('the drinks are at eight the evening before our anniversary', reference)).toEqual([]);
  });
});

describe('someone coming', () => {
  it('for a thing is that thing with them', () => {
    expect(timed('the photographer is coming for a walkthrough on monday at three')).toEqual([['Walkthrough with the photographer', '2026-12-21T15:00:00+00:00']]);
    expect(timed('okay indicator is coming for the tasting on monday at three')).toEqual([['Tasting', '2026-12-21T15:00:00+00:00']]);
  });

  it('by air is their arrival', () => {
    expect(timed('my sister is flying in on the twenty second of december')).toEqual([['Sister arrives', '2026-12-22T09:00:00+00:00']]);
    expect(timed('Oksana lands on friday at six')).toEqual([['Oksana arrives', '2026-12-18T18:00:00+00:00']]);
  });
});

describe('what a pronoun in a task stands for', () => {
  it('is the nearest fitting phrase said before it', () => {
    expect(items('Ines|has the photographer confirmed', 'Marc|no, I will ring her tomorrow')).toEqual([['Marc', 'ring the photographer']]);
    expect(items('Ines|we still have to order the place cards', 'Marc|right', 'Ines|I can design them this weekend')).toEqual([['Ines', 'order the place cards'], ['Ines', 'design the place cards']]);
    expect(items('Marc|my uncle arrives on the twentieth, can you collect him from the station', 'Ines|sure')).toEqual([['Ines', "collect Marc's uncle from the station"]]);
  });

  it('keeps a hyphened name whole', () => {
    expect(items('Raj|my brother-in-law does roofing, I will ask him for a quote', 'Helen|great')).toEqual([['Raj', "ask Raj's brother-in-law for a quote"]]);
  });

  it('stays when nothing fits', () => {
    expect(items('Ines|the cake is sorted', 'Marc|I will collect them tomorrow')).toEqual([['Marc', 'collect them']]);
  });

  it('names the subject of a deadline', () => {
    expect(timed('we still need to post the party invitations', 'they have to go out by the eighth of january').map(([title]) => title)).toContain('Deadline: party invitations to go out');
  });
});

describe('a reply that does "that" to what the other said is needed', () => {
  it('does it to the thing', () => {
    expect(items('Ana|we need a status page for customers', 'Ravi|I will set that up by monday')).toEqual([['Ravi', 'set up a status page for customers']]);
    expect(items('Ana|someone should write the incident report today', 'Ravi|I can draft it this afternoon')).toEqual([['Ravi', 'draft the incident report']]);
  });

  it('takes the thing alone, not the words run on after it, and no wish', () => {
    expect(items('Ana|we need a status page for customers can you all check the wiki', 'Ravi|I will set that up')).toContainEqual(['Ravi', 'set up a status page for customers']);
    expect(items('Ana|i want the corner office', 'Ravi|I will sort that out')).toEqual([['Ravi', 'sort that out']]);
  });
});

describe("a weekday's mishap", () => {
  it('is no day to come', () => {
    expect(findDates("let's go through monday's outage first", reference)).toEqual([]);
    expect(findDates("the lessons from friday's power cut", reference)).toEqual([]);
    expect(findDates("let's prepare for monday's launch", reference).length).toBe(1);
  });
});

describe('a question the chat is asked', () => {
  const said = talk(
    'Ana|the database filled up overnight',
    'Ravi|Dmitri was on call and restored it',
    'Ana|who signs off the postmortem',
    'Ravi|Ana does, by friday',
    'Ana|ok and this call is recorded for the team',
  );

  it('finds "on call"', () => {
    expect(answerSources(said, 'Who was on call?')[0]!.segment_index).toBe(1);
  });

  it('brings the reply to a passage that asks, first', () => {
    expect(answerSources(said, 'Who signs off the postmortem?').map((s) => s.segment_index).slice(0, 2)).toEqual([3, 2]);
  });

  it('ranks the reply to a question asked as the user asks above a passage that only names the thing', () => {
    const asked = talk('Ana|the retro is at ten the day after the postmortem review', 'Ravi|when is the postmortem review, thursday right', 'Ana|yes, at two in room six');
    const found = answerSources(asked, 'When is the postmortem review?').map((s) => s.segment_index);
    expect(found[0]).toBe(2);
    expect(found).toEqual(expect.arrayContaining([0, 1]));
  });

  it('brings the reply to a question of a speaker asked about', () => {
    const asked = talk('Sara|the flat is on the second floor', 'Mark|do i need to bring anything to the viewing', 'Sara|bring some ID and proof of income', 'Mark|great');
    expect(answerSources(asked, 'What should Mark bring?').map((s) => s.segment_index)).toEqual([1, 2]);
  });
});
