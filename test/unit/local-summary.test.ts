import { describe, expect, it } from 'vitest';
import { dateReference, findActionItems, findDates, localLanguageModel, normaliseSpokenTimes, textRank } from '#shared/providers/llm/local/index.ts';
import type { Segment, SummaryRequest } from '#shared/providers/types.ts';

const MEETING = '2026-11-19T10:00:00Z'; // a Thursday
const ref = dateReference(MEETING)!;
let clock = 0;
const say = (speaker: string, sentence: string): Segment => {
  const start_time = clock;
  clock += 2 + sentence.length / 15;
  return { speaker, sentence, start_time, end_time: clock };
};

// Typed as an ASR engine gives it: lower case, number words, no punctuation.
const meeting: Segment[] = [
  say('SPEAKER_00', 'good morning everyone'),
  say('Maria', 'good morning'),
  say('SPEAKER_00', 'today we have an update on the mobile release and the budget report'),
  say('Maria', 'the mobile release is blocked by the login bugs on android'),
  say('Maria', 'i will fix the login bugs by friday'),
  say('SPEAKER_00', 'action item for john send the updated budget to finance by monday'),
  say('SPEAKER_00', 'the deadline for the budget report is december fifth'),
  say('Maria', 'finance needs the budget report numbers before the release'),
  say('SPEAKER_00', "let's meet next tuesday at three p m in room four"),
  say('Maria', 'right now the export takes about two minutes'),
  say('SPEAKER_00', 'thank you all see you next week'),
  say('Maria', 'thanks bye'),
];
const request = (segments: readonly Segment[], meetingDate = MEETING): SummaryRequest => ({
  segments,
  prompt: 'Summarise the meeting.',
  context: { title: 'Weekly sync', meetingDate },
});
const section = (markdown: string, title: string): string => markdown.split(/^## /m).find((s) => s.startsWith(title)) ?? '';

describe('spoken-date normaliser', () => {
  it.each([
    ['three p m', '3 pm'],
    ['three thirty pm', '3:30 pm'],
    ['three thirty p.m.', '3:30 pm'],
    ["ten o'clock", '10:00'],
    ['ten oclock a m', '10:00 am'],
    ['twelve oh five a m', '12:05 am'],
    ['eleven forty five p m', '11:45 pm'],
    ['3 p m', '3 pm'],
    ['at nine fifteen tomorrow', 'at 9:15 tomorrow'],
    ['half past two', '2:30'],
    ['quarter to one', '12:45'],
    ["let's meet next tuesday at three p m in room four", "let's meet next tuesday at 3 pm in room four"],
    ['one of the five items', 'one of the five items'],
    ['the pm role', 'the pm role'],
    ['', ''],
  ])('%j → %j', (spoken, written) => {
    expect(normaliseSpokenTimes(spoken)).toBe(written);
  });
});

describe('spoken dates', () => {
  const labels = (text: string): string[] => findDates(text, ref).map((d) => d.label);

  it.each([
    ["let's meet next tuesday at three p m in room four", ['Tue 24 Nov 2026 15:00']],
    ['send the updated budget to finance by monday', ['Mon 23 Nov 2026']],
    ['the deadline for the budget report is december fifth', ['Sat 5 Dec 2026']],
    ["i can call the vendor at ten o'clock tomorrow", ['Fri 20 Nov 2026 10:00']],
    ['good morning everyone', []],
    ['morning all this is the monthly review for the bakery', []],
    ['right now the export is slow', []],
    ['the day went well', []],
    ['the export takes about two minutes', []],
    ['we interviewed five candidates last week', []],
    ['nothing dated here', []],
    ['she asked for the money by tuesday', ['Tue 24 Nov 2026']],
    ['the monkey and the moneybox', []],
    ['we should hire two engineers before march', ['Mar 2027']],
    ['the launch moved to next month', ['Dec 2026']],
    ['the audit starts on march third', ['Wed 3 Mar 2027']],
    // A period named by its unit alone is what is talked about, no date (chrono reads "the week" as a week from now).
    ['shall we go through the numbers for the quarter', []],
    ['the results for the month look good', []],
    ['the week was busy with interviews', []],
    ['our plans for the year are ambitious', []],
    ['by the end of the quarter the backlog should be empty', []],
    ['the launch moved to next month and the audit to this weekend', ['Dec 2026', 'Sat 21 Nov 2026']],
    // A quarter or a year said without a day is that calendar period (chrono reads it as one unit from now); one begun is no key date.
    ['the new office opens next year', ['2027']],
    ['we will revisit pricing next quarter', ['Q1 2027']],
    ['hiring picks up early next year and the review comes in the next quarter', ['2027', 'Q1 2027']],
    ['our targets for this year are set', []],
    ['the numbers this quarter look good', []],
    ['last quarter was slow', []],
    ['a year from now the office moves', ['Nov 2027']],
    // A length of time is no date (chrono reads "for two weeks" as "in two weeks"); when something happens is.
    ['the auditors stay for two weeks', []],
    ['the outage lasted for about an hour', []],
    ['the crossing takes three days', []],
    ['we rent the hall for a month from friday', ['Fri 20 Nov 2026']],
    ['the parts arrive in two weeks', ['Thu 3 Dec 2026']],
    ['reply within three days please', ['Sun 22 Nov 2026']],
    ['four days later the server failed again', ['Mon 23 Nov 2026']],
    ['the waiting room works will take about six weeks', []],
    // A day that comes back is no one date.
    ['the flu clinic runs every saturday in december', ['Dec 2026']],
    ['we meet each monday at nine', []],
    // Written for this test: a period that names what a thing is for or of is no date; the end of a week is its Friday.
    ['right so this is the fundraising committee for january', []],
    ['the february newsletter still needs a cover photo', []],
    ['we set the budget for next quarter today', []],
    ['the choir sings in february and again at easter', ['Feb 2027', 'Sun 28 Mar 2027']],
    ['the new rota starts next month', ['Dec 2026']],
    ['the printer should be fixed by the end of the week', ['Fri 20 Nov 2026']],
    // A time before its date is one mention, "the" or not.
    ['the review call is at three p m on the twelfth of december', ['Sat 12 Dec 2026 15:00']],
    ['we ship at noon on the 3rd of march', ['Wed 3 Mar 2027 12:00']],
  ])('%j', (text, expected) => {
    expect(labels(text)).toEqual(expected);
  });

  it('gives ISO forms with the meeting offset', () => {
    const [withTime] = findDates('next tuesday at three p m', dateReference('2026-11-19T10:00:00+01:00')!);
    expect(withTime?.iso).toBe('2026-11-24T15:00:00+01:00');
    expect(findDates('december fifth', ref)[0]?.iso).toBe('2026-12-05');
    expect(dateReference('not a date')).toBeUndefined();
  });
  // Written for this test: a weekday after "a", "any" or "one" is a kind of day, not a date.
  it.each(['the market is held on a thursday', 'any wednesday suits the caretaker', 'we trained on a sunday once'])('finds no date in %j', (text) => {
    expect(labels(text)).toEqual([]);
  });

  it('still reads the weekday said as a day', () => {
    expect(labels('the caretaker comes on tuesday')).toEqual(['Tue 24 Nov 2026']);
  });
});

describe('action items', () => {
  // Written for this test: "we'll" or "i will" that only hedges or wishes gives no task.
  it.each(["we'll see about the leaflets later", 'i will hope for the best', "we'll probably hire a van", "i'll maybe ask my brother"])('finds no task in %j', (sentence) => {
    expect(findActionItems([{ speaker: 'SPEAKER_00', sentence, start_time: 0, end_time: 4 }], ref)).toEqual([]);
  });

  // Written for this test: a modal before its subject asks a question; it gives no task and no owner.
  it.each(['right should we print more flyers', 'fine must we invite the mayor', 'lovely will they bring the chairs', 'ok must we pay the deposit now'])('finds no task in the question %j', (sentence) => {
    expect(findActionItems([{ speaker: 'SPEAKER_00', sentence, start_time: 0, end_time: 4 }], ref)).toEqual([]);
  });

  it('keeps "see if" and "see to" as tasks', () => {
    const said = ["i'll see if the caretaker has a spare key", 'we will see to the heating before friday'];
    expect(findActionItems(said.map((sentence, i) => ({ speaker: 'SPEAKER_00', sentence, start_time: i * 5, end_time: i * 5 + 4 })), ref).map((i) => i.task)).toEqual(['see if the caretaker has a spare key', 'see to the heating']);
  });

  // Written for this test: the words that lead into a date or stand for one leave the task with it.
  it('keeps the task whole when its date goes', () => {
    const said = ['we need to train two nurses on it before then', 'i can run the training sessions in the first week of january', 'we will ship the beta by the end of march', 'i will paint the fence in the middle of april'];
    const items = findActionItems(said.map((sentence, i) => ({ speaker: 'SPEAKER_00', sentence, start_time: i * 5, end_time: i * 5 + 4 })), ref);
    expect(items.map((i) => [i.task, i.due?.label])).toEqual([
      ['train two nurses on it', undefined],
      ['run the training sessions', 'Jan 2027'],
      ['ship the beta', 'Wed 31 Mar 2027'],
      ['paint the fence', 'Apr 2027'],
    ]);
  });

  it('finds owners and due dates', () => {
    const items = findActionItems(meeting, ref, ['Maria']);
    expect(items.map((i) => [i.owner, i.task, i.due?.label])).toEqual([
      ['Maria', 'fix the login bugs', 'Fri 20 Nov 2026'],
      ['John', 'send the updated budget to finance', 'Mon 23 Nov 2026'],
    ]);
  });

  it.each([
    ['SPEAKER_00', "we'll ship the beta next week", 'SPEAKER_00', 'ship the beta'],
    ['SPEAKER_00', 'we need to book the room', 'SPEAKER_00', 'book the room'],
    ['SPEAKER_00', 'i can call the vendor', 'SPEAKER_00', 'call the vendor'],
    ['SPEAKER_00', 'john should review the contract', 'John', 'review the contract'],
    ['SPEAKER_00', 'can you send me the slides', 'Maria', 'send me the slides'],
  ])('%s: %j', (speaker, sentence, owner, task) => {
    const items = findActionItems([say(speaker, sentence), say('Maria', 'sure')], ref, ['Maria']);
    expect(items.map((i) => [i.owner, i.task])).toEqual([[owner, task]]);
  });

  it('gives a task due in a month said without a day that month, not its first day', () => {
    const items = findActionItems([say('SPEAKER_00', 'we should renew the insurance before june')], ref);
    expect(items.map((i) => [i.task, i.due?.label])).toEqual([['renew the insurance', 'Jun 2027']]);
  });

  it('gives a request to the other speaker who answered it, else to the one it followed', () => {
    const owners = (segments: Segment[]) => findActionItems(segments, ref).map((i) => [i.owner, i.task]);
    const quote = say('SPEAKER_01', 'the printer quote came in this morning');
    // "it" is the thing the line before opened with.
    expect(owners([quote, say('SPEAKER_00', 'could you forward it to the office manager')])).toEqual([['SPEAKER_01', 'forward the printer quote to the office manager']]);
    expect(owners([quote, say('SPEAKER_00', 'please forward it to the office manager'), say('SPEAKER_02', 'on it')])).toEqual([['SPEAKER_02', 'forward the printer quote to the office manager']]);
    expect(owners([say('SPEAKER_00', 'please forward it to the office manager')])).toEqual([['SPEAKER_00', 'forward it to the office manager']]);
  });

  it.each([
    ['the review is next tuesday at three p m and john will send the minutes by friday', 'John', 'send the minutes', 'Fri 20 Nov 2026'],
    ['on monday we met the vendor so maria should call them back on december fifth', 'Maria', 'call them back', 'Sat 5 Dec 2026'],
    ['tomorrow is the offsite i will book the bus', 'SPEAKER_00', 'book the bus', 'Fri 20 Nov 2026'],
  ])('an unpunctuated line takes the date said in the task: %j', (sentence, owner, task, due) => {
    const items = findActionItems([say('SPEAKER_00', sentence)], ref, ['Maria']);
    expect(items.map((i) => [i.owner, i.task, i.due?.label])).toEqual([[owner, task, due]]);
  });

  it.each([
    ['tomorrow priya will draft the memo', 'Priya', 'draft the memo'],
    ['on friday tom should send the invoice', 'Tom', 'send the invoice'],
    ['i think ravi should book the venue', 'Ravi', 'book the venue'],
    ['next week olga will test the installer', 'Olga', 'test the installer'],
    // A name English does not know owns the item even after a noun (sentences run together).
    ['the board approved the hiring plan maria will draft the offer letters', 'Maria', 'draft the offer letters'],
    ['thanks for the numbers kofi should check them again', 'Kofi', 'check them again'],
    ['the roadmap looks good siobhan will present it', 'Siobhan', 'present the roadmap'],
    ['after the meeting joaquin will send the notes', 'Joaquin', 'send the notes'],
    ['The board approved the hiring plan Maria will draft the offer letters', 'Maria', 'draft the offer letters'],
  ])('a name after a day or a verb, or one English does not know, owns the item: %j', (sentence, owner, task) => {
    expect(findActionItems([say('SPEAKER_00', sentence)], ref).map((i) => [i.owner, i.task])).toEqual([[owner, task]]);
  });

  it.each(['and the vendor contract need to go to legal', 'so the budget spreadsheet must list every invoice', 'the new printer should arrive next week', 'our old boiler will need replacing'])(
    'the end of a noun phrase that names a thing owns nothing: %j',
    (sentence) => {
      expect(findActionItems([say('SPEAKER_00', sentence)], ref).map((i) => i.owner)).toEqual([]);
    },
  );

  // A noun phrase that names someone by their part owns the task (it had owned nothing, as a thing's does).
  it.each([
    ['the new intern will set up the laptops', 'New intern', 'set up the laptops'],
    ['our sales team should call the client', 'Sales team', 'call the client'],
    ['the hiring manager will review the offers', 'Hiring manager', 'review the offers'],
    ['The Hiring Manager will review the offers', 'Hiring manager', 'review the offers'],
    ['the release notes editor should fix the typos', 'Release notes editor', 'fix the typos'],
    ['okay so the treasurer will send the accounts round', 'Treasurer', 'send the accounts round'],
  ])('a noun phrase that names someone by their part owns the item: %j', (sentence, owner, task) => {
    expect(findActionItems([say('SPEAKER_00', sentence)], ref).map((i) => [i.owner, i.task])).toEqual([[owner, task]]);
  });

  it('a need is no one\'s task, a role\'s or the speaker\'s', () => {
    expect(findActionItems([say('SPEAKER_00', 'the team will need more chairs')], ref)).toEqual([]);
    expect(findActionItems([say('SPEAKER_00', "okay we'll need two more drivers for the trip")], ref)).toEqual([]);
    expect(findActionItems([say('SPEAKER_00', "we'll need to hire two more drivers")], ref).map((i) => i.task)).toEqual(['hire two more drivers']);
  });

  it('a day said after "after" is when the task may start, not when it is due', () => {
    expect(findActionItems([say('SPEAKER_00', 'the head will sign the forms after christmas')], ref).map((i) => [i.owner, i.task, i.due])).toEqual([['Head', 'sign the forms after christmas', undefined]]);
  });

  // Written for this test: a request or an obligation put to the whole group is everyone's; one about the group is not.
  it.each([
    ['everyone please send me your notes by friday', [['Everyone', 'send me your notes']]],
    ['please everybody bring a plate of food to the social', [['Everyone', 'bring a plate of food to the social']]],
    ['could you all fill in the parking survey', [['Everyone', 'fill in the parking survey']]],
    ['so you all need to sign the visitor register', [['Everyone', 'sign the visitor register']]],
    ['can you tell everyone about the plant sale', [['SPEAKER_01', 'tell everyone about the plant sale']]],
    ['everyone will get a copy of the minutes', []],
  ])('a task put to the whole group: %j', (sentence, items) => {
    const answered = [say('SPEAKER_00', sentence), { ...say('SPEAKER_01', 'sure'), start_time: 5, end_time: 6 }];
    expect(findActionItems(answered, ref).map((i) => [i.owner, i.task])).toEqual(items);
  });

  // Written for this test: a closing run into the task without a pause is no part of it.
  it.each([
    ['i will tell the drivers that is everything from me', 'tell the drivers'],
    ["i'll email the parents that's all for today", 'email the parents'],
    ['we need to check that is everything we ordered', 'check that is everything we ordered'],
  ])('the task of %j', (sentence, task) => {
    expect(findActionItems([say('SPEAKER_00', sentence)], ref).map((i) => i.task)).toEqual([task]);
  });

  // Written for this test: an auxiliary the recogniser left before a modal is no owner; a name there still is.
  it.each([
    ['the new benches and does will have to wait', []],
    ['we checked the lights but did will need new bulbs', []],
    ['ok tom will check the fire exits', [['Tom', 'check the fire exits']]],
  ])('a stray auxiliary owns nothing: %j', (sentence, items) => {
    expect(findActionItems([say('SPEAKER_00', sentence)], ref).map((i) => [i.owner, i.task])).toEqual(items);
  });

  it.each(['it will be fine', 'the release should be ready', 'we can talk about it', 'i will not do that', 'there will be cake'])('no item in %j', (sentence) => {
    expect(findActionItems([say('A', sentence)], ref)).toEqual([]);
  });
});

describe('localLanguageModel().summarize', () => {
  const llm = localLanguageModel();

  it('writes the summary, action items and key dates', async () => {
    const { markdown, usage } = await llm.summarize(request(meeting));
    expect(llm.name).toBe('local');
    expect(usage).toEqual({ prompt_tokens: 0, completion_tokens: 0 });
    const summary = section(markdown, 'Summary');
    const items = section(markdown, 'Action items');
    const dates = section(markdown, 'Key dates');
    expect(summary).toContain('mobile release');
    expect(summary.toLowerCase()).not.toMatch(/good morning|thank you|thanks bye/);
    expect(summary.match(/^- /gm)?.length).toBeGreaterThanOrEqual(3);
    expect(summary.match(/^- /gm)?.length).toBeLessThanOrEqual(5);
    expect(items).toContain('- [ ] **John**: send the updated budget to finance (due Mon 23 Nov 2026)');
    expect(items).toContain('- [ ] **Maria**: fix the login bugs (due Fri 20 Nov 2026)');
    expect(dates).toContain("**Tue 24 Nov 2026 15:00**: let's meet next tuesday at three p m in room four");
    expect(dates).toContain('**Sat 5 Dec 2026**');
    expect(dates).not.toMatch(/good morning|right now|next week|Thu 19 Nov 2026/);
  });

  it('is deterministic', async () => {
    const a = await llm.summarize(request(meeting));
    const b = await llm.summarize(request([...meeting]));
    expect(b.markdown).toBe(a.markdown);
  });

  it('summarises a 1,000-segment hour quickly', async () => {
    const topics = 'release budget login android vendor finance report export customer design review sprint roadmap server database migration testing invoice contract hiring'.split(' ');
    const lines = [
      (a: string, b: string) => `we went through the ${a} and what it means for the ${b}`,
      (a: string, b: string) => `i will update the ${a} plan before the ${b} review on friday`,
      (a: string, b: string) => `the ${a} numbers look better than the ${b} forecast`,
      (a: string, b: string) => `can you check the ${a} with the ${b} team at three thirty p m`,
      () => 'okay yeah',
    ];
    const hour: Segment[] = Array.from({ length: 1000 }, (_, i) => ({
      speaker: `SPEAKER_0${i % 3}`,
      sentence: lines[i % lines.length]!(topics[(i * 7) % topics.length]!, topics[(i * 11 + 3) % topics.length]!),
      start_time: i * 3.6,
      end_time: i * 3.6 + 3.2,
    }));
    await llm.summarize(request(hour.slice(0, 5))); // model and chrono loaded
    const started = performance.now();
    const { markdown } = await llm.summarize(request(hour));
    const elapsed = performance.now() - started;
    console.log(`local summary: 1,000 segments in ${elapsed.toFixed(0)} ms`);
    expect(elapsed).toBeLessThan(3000);
    expect(section(markdown, 'Summary').match(/^- /gm)?.length).toBeGreaterThanOrEqual(5);
  });

  it('handles empty and odd input without throwing', async () => {
    expect((await llm.summarize(request([]))).markdown).toMatch(/^## Summary\n\n_The transcript is empty/);
    const odd = [
      { speaker: '', sentence: '   ', start_time: Number.NaN, end_time: -1 },
      null,
      { speaker: 42, sentence: 'ok', start_time: 5, end_time: 1 },
      { sentence: '🙂 ** _ # <b> 你好', start_time: Infinity, end_time: 2 },
    ] as unknown as Segment[];
    const { markdown } = await llm.summarize(request(odd, 'yesterday-ish'));
    expect(markdown).toContain('## Summary');
    expect(markdown).toContain('## Action items');
    expect(markdown).not.toContain('## Key dates');
    await expect(llm.summarize({ segments: undefined } as unknown as SummaryRequest)).resolves.toMatchObject({ usage: { prompt_tokens: 0 } });
  });

  it('refuses a cancelled request', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(llm.summarize({ ...request(meeting), signal: controller.signal })).rejects.toMatchObject({ name: 'ProviderError', retryable: true });
  });
});

describe('textRank', () => {
  it('ranks the sentence sharing most words highest, and copes with no sentences', () => {
    const scores = textRank([['budget', 'report'], ['budget', 'release', 'report'], ['release', 'bug'], ['lunch']]);
    expect(scores.indexOf(Math.max(...scores))).toBe(1);
    expect(textRank([])).toEqual([]);
  });
});
