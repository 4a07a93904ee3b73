// Calendar events found by the embedded language model in ASR-style sentences (lower case, spoken
// numbers, little punctuation), resolved against the meeting date.
import { describe, expect, it } from 'vitest';
import { clauseAt, extractEventsLocally, findLocation, proposes } from '#shared/providers/llm/local/events.ts';
import { mergeMentions, type Mention } from '#shared/providers/llm/local/event-merge.ts';
import { events, MEETING } from '../support/spoken-events.ts';

describe('local calendar-event extraction', () => {
  it('finds the meeting next Tuesday at 3 pm in room 4, for an hour, with a title from the sentence', () => {
    const sentence = "let's meet next tuesday at three p m in room four to review the release";
    expect(events([sentence])).toEqual([
      {
        title: 'Meeting: review the release',
        start_datetime: '2026-11-24T15:00:00+00:00',
        end_datetime: '2026-11-24T16:00:00+00:00',
        description: sentence,
        location: 'Room 4',
      },
    ]);
  });

  it.each([
    ['the budget review meeting is next tuesday at three p m', 'Budget review meeting'],
    ['okay the design sync for next tuesday at three p m and maria will send the slides', 'Design sync'],
    ['our quarterly planning session is next friday at ten to set the targets', 'Quarterly planning session: set the targets'],
    ["let's have a call next tuesday at 3 pm and john will prepare the numbers", 'Call'],
    ['the next meeting is on monday at ten', 'Meeting'],
    // Words that say how or when after the cue are no title.
    ['great and we meet again on tuesday afternoon', 'Meeting'],
    ["let's sync up again next monday at ten", 'Meeting'],
    ['we could meet there on friday at noon as planned', 'Meeting'],
    ['we meet again with the vendor on friday at two', 'Meeting with the vendor'],
    // Nor are the words that led into the date ("on the [ninth of december]").
    ['lets meet again on the ninth of december at ten a m', 'Meeting'],
    // What it is for, said with "for" or "about", reads as it was said.
    ['also the demo for the client is on thursday at two thirty', 'Demo for the client'],
    ['we have a call about the new pricing on monday at nine', 'Call about the new pricing'],
    ['the call is at three p m on the twelfth of december', 'Call'],
  ])('titles the appointment as it is named, never with a clause of its own: %j', (sentence, title) => {
    expect(events([sentence]).map((e) => e.title)).toEqual([title]);
  });

  // Written for this test: a time proposed with "let's" to do something together.
  it.each([
    ['lets review the numbers again at four p m on the tenth of december', 'Meeting: review the numbers', '2026-12-10T16:00:00+00:00'],
    ["let's go over the draft together on friday at ten", 'Meeting: go over the draft', '2026-11-20T10:00:00+00:00'],
    ["let's talk tomorrow at nine", 'Meeting', '2026-11-20T09:00:00+00:00'],
    ["let's finish the slides by friday", 'Deadline: finish the slides', '2026-11-20T09:00:00+00:00'],
  ])('finds a proposal to do something together: %j', (sentence, title, start) => {
    expect(events([sentence])).toMatchObject([{ title, start_datetime: start }]);
  });

  it.each(["let's hope it stays dry on saturday", "let's say we launch on monday"])('finds no event in a wish or a supposition: %j', (sentence) => {
    expect(events([sentence])).toEqual([]);
  });

  it('reads wall-clock times in the meeting date offset', () => {
    const [event] = events(["let's meet next tuesday at three p m in room four to review the release"], '2026-11-19T10:00:00+01:00');
    expect(event).toMatchObject({ start_datetime: '2026-11-24T15:00:00+01:00', end_datetime: '2026-11-24T16:00:00+01:00' });
    expect(new Date(event!.start_datetime).toISOString()).toBe('2026-11-24T14:00:00.000Z');
  });

  it('turns a deadline on a day into a 09:00 event named after what is due', () => {
    expect(events(['the deadline for the budget report is december fifth'])).toEqual([
      {
        title: 'Deadline: budget report',
        start_datetime: '2026-12-05T09:00:00+00:00',
        end_datetime: '2026-12-05T10:00:00+00:00',
        description: 'the deadline for the budget report is december fifth',
        location: '',
      },
    ]);
    expect(events(['i will fix the login bugs by friday'])).toMatchObject([{ title: 'Deadline: fix the login bugs', start_datetime: '2026-11-20T09:00:00+00:00' }]);
  });

  it('puts no event on a month said without a day, and one on a day of it', () => {
    expect(events(['the workshop is in april and the budget is due before march'])).toEqual([]);
    expect(events(['the workshop is on april ninth']).map((e) => e.start_datetime)).toEqual(['2027-04-09T09:00:00+00:00']);
  });

  it.each([
    ['please return the signed lease by monday', 'Deadline: return the signed lease'],
    ['could you please file the travel expenses before friday', 'Deadline: file the travel expenses'],
    ['can you get the keys back to reception by tuesday', 'Deadline: get the keys back to reception'],
    // Nor with what led into its date.
    ['we should look for a second supplier before the end of january', 'Deadline: look for a second supplier'],
  ])('names a requested deadline by its task, without the asking: %j', (sentence, title) => {
    expect(events([sentence]).map((e) => e.title)).toEqual([title]);
  });

  // Written for this test: a thing said to happen on a day is an event named by its noun phrase.
  it.each([
    ['the jumble sale is on saturday', 'Jumble sale', '2026-11-21T09:00:00+00:00'],
    ['our carol concert will be on the twelfth at six p m', 'Carol concert', '2026-12-12T18:00:00+00:00'],
    ['right so the first aid course takes place on monday at nine a m', 'First aid course', '2026-11-23T09:00:00+00:00'],
    ['i think we go with the tenth the plant swap is on the tenth at eleven a m', 'Plant swap', '2026-12-10T11:00:00+00:00'],
    // Written for this test: a thing said to begin then.
    ['the pub quiz fundraiser starts at seven p m', 'Pub quiz fundraiser', '2026-11-19T19:00:00+00:00'],
    ['ok and our bake sale begins on saturday at ten a m', 'Bake sale', '2026-11-21T10:00:00+00:00'],
    ['the tournament will kick off on the fifth', 'Tournament', '2026-12-05T09:00:00+00:00'],
    // Written for this test: "next" picks which one, the thing is named.
    ['the next clinic is on saturday the twelfth from nine to one', 'Clinic', '2026-12-12T09:00:00+00:00'],
    // Written for this test: a thing booked or scheduled then.
    ['the boiler engineer is booked for thursday at ten', 'Boiler engineer', '2026-11-26T10:00:00+00:00'],
    ['so the plumber has been booked in for the twelfth', 'Plumber', '2026-12-12T09:00:00+00:00'],
    ['our school trip is scheduled for the fourth of december', 'School trip', '2026-12-04T09:00:00+00:00'],
  ])('titles %j after what happens then', (sentence, title, start) => {
    expect(events([sentence])).toMatchObject([{ title, start_datetime: start }]);
  });

  // Written for this test: a clause that opens with a bare name of two or three known nouns, and what it is about; a thing that launches or opens.
  it.each([
    ['right choir practice starts at seven p m on wednesday', 'Choir practice', '2026-11-25T19:00:00+00:00'],
    ['next thing flu clinic is booked for tuesday the first', 'Flu clinic', '2026-12-01T09:00:00+00:00'],
    ['finally team photo day is on monday at nine a m', 'Team photo day', '2026-11-23T09:00:00+00:00'],
    ['okay so first aid training for volunteers is on the third', 'First aid training for volunteers', '2026-12-03T09:00:00+00:00'],
    ['the online shop opens on the first of december', 'Online shop', '2026-12-01T09:00:00+00:00'],
    ['our winter menu launches on saturday at noon', 'Winter menu', '2026-11-21T12:00:00+00:00'],
    // What the thing is about stays with it; a noun phrase after a preposition is part of a longer name.
    ['our talk about the new library is on the ninth', 'Talk about the new library', '2026-12-09T09:00:00+00:00'],
    ['the quiz for the parents is on friday at seven p m', 'Quiz for the parents', '2026-11-20T19:00:00+00:00'],
    ['poetry group on our new anthology starts on monday', 'Poetry group on our new anthology', '2026-11-23T09:00:00+00:00'],
  ])('titles %j after the thing named', (sentence, title, start) => {
    expect(events([sentence])).toMatchObject([{ title, start_datetime: start }]);
  });

  // Written for this test: a thing there is, or that we have, on a day, and where.
  it.each([
    ["we're having a quiz night at the club on the fourth", 'Quiz night', '2026-12-04T19:00:00+00:00', 'Club'],
    ["there'll be a flu clinic in the church hall on tuesday", 'Flu clinic', '2026-11-24T09:00:00+00:00', 'Church hall'],
    ['we have a team meeting planned for monday', 'Team meeting', '2026-11-23T09:00:00+00:00', ''],
  ])('makes an event of %j', (sentence, title, start, location) => {
    expect(events([sentence])).toMatchObject([{ title, start_datetime: start, location }]);
  });

  it.each(['we have a lot on friday', "there's a good chance on monday", 'we have a cold on friday'])('makes no event of what there is: %j', (sentence) => {
    expect(events([sentence])).toEqual([]);
  });

  // Written for this test: a bare name that is someone's, or a word English does not know, is no event.
  it.each([
    ['grace bell is on the rota on friday', ['Grace Bell']],
    ['grace bell is on friday', ['Grace Bell']],
    ['kate jones is on friday', []],
    ['dev is on friday', []],
    ['siobhan and kwame are in on friday', []],
    ['it is on friday', []],
    ['what we need is on friday', []],
  ])('makes no event of %j', (sentence, people) => {
    const said = [{ speaker: people[0] ?? 'SPEAKER_00', sentence, start_time: 0, end_time: 4 }];
    expect(extractEventsLocally({ segments: said, summary: '', context: { title: 'Planning', meetingDate: MEETING } })).toEqual([]);
  });

  // Written for this test: "next", "usual" … pick which one, and the name stays.
  it.each([
    ['the next board meeting is on tuesday at four p m', 'Board meeting'],
    ['our usual team lunch is on friday at noon', 'Team lunch'],
    ['the following sprint review meeting is on monday at ten a m', 'Sprint review meeting'],
    ['the next meeting is on monday at ten a m', 'Meeting'],
  ])('names %j after the appointment, not which one it is', (sentence, title) => {
    expect(events([sentence]).map((e) => e.title)).toEqual([title]);
  });

  // Written for this test: a sentence that lists dated things gives each day what is said with it.
  it('titles each day of a list by its own part of the sentence, and a part naming nothing by the one before', () => {
    const titled = (sentence: string) => events([sentence]).map((e) => [e.title, e.start_datetime, e.location]);
    expect(titled('right lets clean the gutters on monday and paint the shed next month')).toEqual([['Meeting: clean the gutters', '2026-11-23T09:00:00+00:00', '']]);
    expect(titled('the quiz is on tuesday at eight p m and the bake sale is on saturday at ten a m')).toEqual([
      ['Quiz', '2026-11-24T20:00:00+00:00', ''],
      ['Bake sale', '2026-11-21T10:00:00+00:00', ''],
    ]);
    expect(titled('the call is on monday at ten and again on wednesday at two')).toEqual([
      ['Call', '2026-11-23T10:00:00+00:00', ''],
      ['Call', '2026-11-25T14:00:00+00:00', ''],
    ]);
    expect(titled('lets meet on tuesday in room four, and on friday at the berlin office')).toEqual([
      ['Meeting', '2026-11-24T09:00:00+00:00', 'Room 4'],
      ['Meeting', '2026-11-20T09:00:00+00:00', 'Berlin office'],
    ]);
  });

  // Written for this test: "until" sets a deadline for a task or for time given, not for a state that ends.
  it.each([
    ['you have until friday to send the forms', 'Deadline: send the forms', '2026-11-20T09:00:00+00:00'],
    ['we can take entries until the tenth', 'Deadline: take entries', '2026-12-10T09:00:00+00:00'],
  ])('makes a deadline of %j', (sentence, title, start) => {
    expect(events([sentence])).toMatchObject([{ title, start_datetime: start }]);
  });

  // Written for this test: what was agreed or planned to be done by a day is the deadline's title.
  it.each([
    ['so we agreed to repaint the hall before the twelfth', 'Deadline: repaint the hall'],
    ['the plan is to order the trophies by friday', 'Deadline: order the trophies'],
    ['we decided to close the accounts by the end of the month', 'Deadline: close the accounts'],
  ])('titles the deadline of %j after what is to be done', (sentence, title) => {
    expect(events([sentence]).map((e) => e.title)).toEqual([title]);
  });

  it.each([
    ['can we push the workshop to tuesday at three p m', 'Workshop'],
    ['sorry i have to leave early for that i have a vet appointment at four', 'Vet appointment'],
  ])('titles %j without the words around its date or before it', (sentence, title) => {
    expect(events([sentence]).map((e) => e.title)).toEqual([title]);
  });

  it.each(['the library is shut on friday', 'the next one is on thursday at two p m', 'tom said he would do it but he is away until the fourteenth', 'the sports hall is closed till monday', 'the tool shed stays locked until the twelfth', 'the consultation runs until the ninth of december'])('makes no event of %j', (sentence) => {
    expect(events([sentence])).toEqual([]);
  });

  it('keeps a spoken end time', () => {
    expect(events(["let's meet from 2 to 4 pm on monday at the office"])).toMatchObject([
      { start_datetime: '2026-11-23T14:00:00+00:00', end_datetime: '2026-11-23T16:00:00+00:00', location: 'Office' },
    ]);
  });

  it('finds nothing in greetings, "now", the past, vague spans or talk without an appointment', () => {
    for (const sentence of ['good morning', 'right now', 'we met last week', 'good morning everyone thanks for joining', 'we had a meeting on monday', "let's meet next week", 'the design is finished and the developers started yesterday', 'the weather on friday looks nice']) {
      expect(events([sentence]), sentence).toEqual([]);
    }
  });

  it('drops appointments before the meeting and negated ones', () => {
    expect(events(["let's meet today at 9 am"])).toEqual([]);
    expect(events(["we can't meet on friday at 2 pm"])).toEqual([]);
  });

  it('keeps one event per start time', () => {
    const said = ["let's meet next tuesday at three p m in room four to review the release", 'so the meeting is next tuesday at three p m'];
    expect(events(said)).toHaveLength(1);
  });

  it('splits sentences without breaking "p.m."', () => {
    const [meeting, lunch] = events(["Let's meet next Tuesday at 3 p.m. in room four to review the release. Then lunch on Friday at noon."]);
    expect(meeting).toMatchObject({ title: 'Meeting: review the release', location: 'Room 4', description: "Let's meet next Tuesday at 3 p.m. in room four to review the release." });
    expect(lunch).toMatchObject({ title: 'Lunch', start_datetime: '2026-11-20T12:00:00+00:00' });
  });

  it('normalises spoken locations', () => {
    expect(findLocation('in room four to review')).toBe('Room 4');
    expect(findLocation('in conference room two oh five')).toBe('Conference room 205');
    expect(findLocation('at the office')).toBe('Office');
    expect(findLocation('in room forty two')).toBe('Room 42');
    expect(findLocation('on zoom')).toBe('Zoom');
    expect(findLocation('nothing here')).toBe('');
  });

  it('is deterministic and never throws on odd input', () => {
    const said = ["let's meet next tuesday at three p m in room four to review the release", 'the deadline for the budget report is december fifth', "i can call the vendor at ten o'clock tomorrow"];
    const first = events(said);
    expect(first).toHaveLength(3);
    for (let i = 0; i < 5; i += 1) expect(events(said)).toEqual(first);
    expect(events(said, 'not a date')).toEqual([]);
    expect(extractEventsLocally({ segments: [null, { sentence: 42 }] as never, summary: '', context: { title: '', meetingDate: MEETING } })).toEqual([]);
  });

  describe('what proposes an event', () => {
    it('keeps a negation in its own clause when the sentence turns to a proposal', () => {
      const said = "we can't do monday, but tuesday at 2 pm works for a call";
      expect(events([said]).map((e) => e.start_datetime)).toEqual(['2026-11-24T14:00:00+00:00']);
      expect(events(["on friday at 2 pm, i can't meet"])).toEqual([]);
    });

    it('finds the clause of a date', () => {
      const text = 'we met on monday, but tuesday at 3 works';
      const from = text.indexOf('tuesday');
      expect(clauseAt(text, from, from + 12)).toBe('but tuesday at 3 works');
      expect(proposes(text, from, from + 12)).toBe(true);
      expect(proposes(text, text.indexOf('monday'), text.indexOf('monday') + 6)).toBe(false);
    });

    it('keeps a date marked as ahead in a clause that tells of the past, and drops one called off', () => {
      const starts = (said: string) => events([said]).map((e) => e.start_datetime);
      expect(starts('the budget meeting was moved to next tuesday at three p m')).toEqual(['2026-11-24T15:00:00+00:00']);
      expect(starts('we went over the agenda for the workshop tomorrow at ten')).toEqual(['2026-11-20T10:00:00+00:00']);
      expect(starts('yesterday we booked the interview for the coming friday at 2 pm')).toEqual(['2026-11-20T14:00:00+00:00']);
      expect(starts('we met on tuesday at 3 pm for the review')).toEqual([]);
      expect(starts('we had the call on friday at 2 pm')).toEqual([]);
      expect(starts('the meeting next tuesday at 3 pm was cancelled')).toEqual([]);
    });

    it('drops conditions and habits', () => {
      expect(events(['if the client calls on tuesday we will meet'])).toEqual([]);
      expect(events(['we have a call every monday at 9 am'])).toEqual([]);
      expect(events(['the weekly sync is on monday at 10 am'])).toEqual([]);
    });
  });

  describe('places', () => {
    it('keeps up to two words that name the place, in the case they were said', () => {
      expect(findLocation("let's meet at the Berlin office")).toBe('Berlin office');
      expect(findLocation('lunch at the grand hotel')).toBe('Grand hotel');
      expect(findLocation('in the small meeting room two')).toBe('Small meeting room 2');
    });

    it('never takes a time or a verb for part of the name', () => {
      expect(findLocation("let's meet at four in room six")).toBe('Room 6');
      expect(findLocation('we meet in the office')).toBe('Office');
    });

    it('takes a proper name after "in" or "at" in a cased transcript, but no day or month', () => {
      expect(findLocation('The workshop is in Hamburg on Monday')).toBe('Hamburg');
      expect(findLocation('Dinner at Café Central')).toBe('Café Central');
      expect(findLocation('The call is in December')).toBe('');
      expect(findLocation('the call is in hamburg')).toBe('');
    });

    it('takes the first place said', () => {
      expect(findLocation('on zoom, or in room 4 if you are here')).toBe('Zoom');
      expect(findLocation('in room 4, or on zoom')).toBe('Room 4');
    });
  });

  describe('merging mentions of one event', () => {
    const mention = (m: Partial<Mention>): Mention => ({ kind: 'appointment', title: 'Meeting', start: Date.UTC(2026, 10, 24, 15), day: 20261124, timed: true, location: '', sentence: 's', ...m });

    it('merges mentions at the same instant and keeps what each adds', () => {
      const merged = mergeMentions([mention({ sentence: 'a' }), mention({ sentence: 'b', title: 'Meeting: budget', location: 'Room 4', end: Date.UTC(2026, 10, 24, 17) })]);
      expect(merged).toEqual([expect.objectContaining({ title: 'Meeting: budget', location: 'Room 4', end: Date.UTC(2026, 10, 24, 17), sentences: ['a', 'b'] })]);
    });

    it('lets a day said without a time join the timed event of that day', () => {
      const merged = mergeMentions([mention({ sentence: 'day', timed: false, start: Date.UTC(2026, 10, 24, 9) }), mention({ sentence: 'time' })]);
      expect(merged).toHaveLength(1);
      expect(merged[0]).toMatchObject({ start: Date.UTC(2026, 10, 24, 15), sentences: ['time', 'day'] });
    });

    it('lets a sentence that proposes nothing add to an event but never make one', () => {
      const merged = mergeMentions([mention({ sentence: 'a' }), mention({ kind: undefined, title: '', sentence: 'b', location: 'Lobby' }), mention({ kind: undefined, title: '', start: Date.UTC(2026, 10, 25, 15), day: 20261125, sentence: 'c' })]);
      expect(merged).toEqual([expect.objectContaining({ location: 'Lobby', sentences: ['a', 'b'] })]);
    });

    it('keeps two times of one day, and a deadline apart from a meeting', () => {
      expect(mergeMentions([mention({ sentence: 'a' }), mention({ sentence: 'b', start: Date.UTC(2026, 10, 24, 10) })])).toHaveLength(2);
      expect(mergeMentions([mention({ sentence: 'a' }), mention({ sentence: 'b', kind: 'deadline', timed: false, start: Date.UTC(2026, 10, 24, 9) })])).toHaveLength(2);
    });

    it('merges a repetition across transcript lines', () => {
      const found = events(["let's meet next tuesday at three p m to review the release", 'ok tuesday at three in room four then']);
      expect(found).toEqual([expect.objectContaining({ title: 'Meeting: review the release', location: 'Room 4', start_datetime: '2026-11-24T15:00:00+00:00' })]);
    });

    it('takes no event from a line without a time when another line gives the time', () => {
      const found = events(['we should have the meeting on tuesday', "let's say tuesday at 3 pm for the meeting"]);
      expect(found.map((e) => e.start_datetime)).toEqual(['2026-11-24T15:00:00+00:00']);
    });
  });
});
