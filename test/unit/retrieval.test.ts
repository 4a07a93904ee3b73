// Chat retrieval (BM25 over transcript segments; the most central ones for a question about the
// whole recording) and the model-free answer that quotes them.
import { describe, expect, it } from 'vitest';
import { answerLocally, NOT_FOUND_ANSWER } from '#shared/providers/llm/local/chat.ts';
import { clockTime } from '#shared/domain/transcript/time.ts';
import { localLanguageModel } from '#shared/providers/llm/local/index.ts';
import type { ChatRequest, ChatSource, Segment } from '#shared/providers/types.ts';
import { answerPlan, answerSources, normaliseLikeTranscript, retrieve } from '#shared/recordings/retrieval.ts';
import { contentStems, textRank } from '#shared/text/textrank.ts';

// A transcript written for this test (not a fixture of the engines), typed the way the embedded
// ASR writes: lower case, number words, no punctuation; two diarised speakers, ~4.5 s a turn.
const LINES = [
  'morning everybody this is the weekly kitchen renovation call',
  'hi the tiles arrived but two boxes were broken',
  'the plumber finished the pipes under the sink',
  'i will return the broken tiles to the shop on thursday',
  'the electrician comes on the ninth of march at half past eight',
  'we painted the ceiling white last weekend',
  'who pays for the new oven',
  'the landlord agreed to pay for the oven and the fridge',
  'please send me the receipts for the paint',
  'sure i keep them in a folder',
  'the cupboard doors are still missing their handles',
  'i ordered brass handles they should arrive soon',
  'let us talk again next friday at noon',
  'fine i will write a short summary for everyone',
  'thanks bye',
];
const meeting: Segment[] = LINES.map((sentence, i) => ({
  speaker: i % 2 === 0 ? 'SPEAKER_00' : 'SPEAKER_01',
  sentence,
  start_time: i * 4.5,
  end_time: i * 4.5 + 3.8,
}));
const indexOf = (fragment: string) => meeting.findIndex((s) => s.sentence.includes(fragment));

describe('retrieve', () => {
  it('ranks by BM25 over stems: "paying" finds "pays" and "pay", the oven passages first', () => {
    const sources = retrieve(meeting, 'Who is paying for the oven?');
    expect(sources.slice(0, 2).map((s) => s.segment_index).sort()).toEqual([indexOf('who pays for the new oven'), indexOf('landlord agreed')]);
    expect(sources.find((s) => s.segment_index === 7)).toEqual({ segment_index: 7, speaker: 'SPEAKER_01', start_time: 31.5, end_time: 35.3, text: meeting[7]!.sentence });
    expect(retrieve(meeting, 'Who is paying?').map((s) => s.segment_index)).toEqual(expect.arrayContaining([6, 7]));
  });

  // Written for this test: in each, two passages name the thing; only one says when, or where.
  it.each([
    ['when', 'the electrician is very good the electrician fixed my lights', 'the electrician comes on the ninth of march', 'When does the electrician come?', 'What does the electrician do?'],
    ['where', 'the choir sings on friday and the choir needs new folders for friday', 'on friday the choir is at the town hall on bridge street', 'Where does the choir sing on Friday?', 'What does the choir need on Friday?'],
  ])('for a "%s" question, lifts the passage that says it above one sharing more words', (_, more, says, asked, other) => {
    const segments: Segment[] = [more, says, 'we bought new lamps', 'the garden needs work'].map((sentence, i) => ({ speaker: i % 2 ? 'B' : 'A', sentence, start_time: i * 3, end_time: i * 3 + 3 }));
    expect(retrieve(segments, asked)[0]!.segment_index).toBe(1);
    expect(retrieve(segments, other)[0]!.segment_index).toBe(0);
  });

  it('for a "when" question whose best passage names no day, adds the next that does, as the talk goes on', () => {
    // Written for this test.
    const segments: Segment[] = ['the landlord wants an inspection of the flat this month', 'when is good for him', 'he said tuesday at ten', 'the boiler is fine'].map((sentence, i) => ({ speaker: 'Rae', sentence, start_time: i * 3, end_time: i * 3 + 3 }));
    expect(retrieve(segments, 'When is the inspection?').map((s) => s.segment_index)).toEqual([0, 2]);
  });

  it('finds a word that says whether someone is there, which wink-nlp counts as a stop word', () => {
    // Written for this test.
    const segments: Segment[] = ['i sent the figures on monday', 'the draft is due on friday', "i'm off on the ninth and tenth", 'we moved the boxes last week'].map((sentence, i) => ({ speaker: 'Rae', sentence, start_time: i * 3, end_time: i * 3 + 3 }));
    expect(retrieve(segments, 'When is Rae off?')[0]!.segment_index).toBe(2);
    expect(answerSources(segments, 'When is Rae off?')[0]!.segment_index).toBe(2);
  });

  it('answers "when" questions from chrono-node expressions: weekdays, dates, clock times, past days', () => {
    expect(retrieve(meeting, 'When do we talk again?')[0]!.text).toBe('let us talk again next friday at noon');
    expect(retrieve(meeting, 'When will the tiles go back to the shop?')[0]!.text).toMatch(/return the broken tiles to the shop on thursday/);
    expect(retrieve(meeting, 'When was the ceiling painted?')[0]!.text).toMatch(/painted the ceiling white last weekend/);
    expect(retrieve(meeting, 'oven tiles paint handles', 2)).toHaveLength(2);
  });

  it('finds nothing when no passage shares a word with the question, "when" questions included', () => {
    expect(retrieve(meeting, 'what is the capital of peru?')).toEqual([]);
    expect(retrieve(meeting, 'what is it?')).toEqual([]);
    // A rough transcript that misheard the question's words: no guess from dates alone.
    const misheard = [
      { speaker: 'SPEAKER_00', sentence: 'the bread seat on monday at four', start_time: 0, end_time: 5 },
      { speaker: 'SPEAKER_01', sentence: 'thanks see you', start_time: 5, end_time: 8 },
    ];
    expect(retrieve(misheard, 'When is the board meeting?')).toEqual([]);
  });

  it('copes with empty transcripts and with fewer segments than BM25 needs', () => {
    expect(retrieve([], 'when do we meet?')).toEqual([]);
    const two = meeting.slice(6, 8);
    // The answer ("the landlord agreed to pay …") before the passage that asks it ("who pays for the new oven").
    expect(retrieve(two, 'who pays for the oven?').map((s) => s.segment_index)).toEqual([1, 0]);
    expect(retrieve(two, 'what is the capital of peru?')).toEqual([]);
    expect(retrieve(meeting.slice(8, 9), 'send the receipts')).toEqual([expect.objectContaining({ segment_index: 0, speaker: 'SPEAKER_00' })]);
  });

  it('normalises questions and written transcripts like the ASR text', () => {
    expect(normaliseLikeTranscript('Meet at 3 PM on the 5th, room 4')).toBe('meet at three p m on the fifth, room four');
    expect(normaliseLikeTranscript('Call at 10:00 or 3:30pm')).toBe("call at ten o'clock or three thirty p m");
    const written: Segment[] = [
      { speaker: 'Ann', sentence: 'Budget review on December 5th.', start_time: 0, end_time: 2 },
      { speaker: 'Bob', sentence: 'The 3 designers finished.', start_time: 2, end_time: 4 },
      { speaker: 'Ann', sentence: 'Thanks everyone.', start_time: 4, end_time: 6 },
    ];
    expect(retrieve(written, 'what happens on december fifth?')[0]!.segment_index).toBe(0);
  });
});

const source = (index: number): ChatSource => {
  const s = meeting[index]!;
  return { segment_index: index, speaker: s.speaker, start_time: s.start_time, end_time: s.end_time, text: s.sentence };
};
const chat = (sources: readonly ChatSource[]): ChatRequest => ({
  question: 'When do we meet?',
  history: [],
  sources,
  context: { title: 'Planning', meetingDate: '2026-11-19T10:00:00Z' },
});

describe('answerLocally', () => {
  it('quotes the best passages with their time and speaker, best first', () => {
    const answer = answerLocally(chat([source(4), source(12), source(0)]));
    expect(answer.split('\n')).toEqual([
      `At 00:18, SPEAKER_00 said: “${meeting[4]!.sentence}”`,
      `At 00:54, SPEAKER_00 said: “${meeting[12]!.sentence}”`,
      `At 00:00, SPEAKER_00 said: “${meeting[0]!.sentence}”`,
    ]);
  });

  it('quotes at most three passages', () => {
    const answer = answerLocally(chat([1, 3, 5, 7, 9].map(source)));
    expect(answer.split('\n')).toHaveLength(3);
    expect(answer).toMatch(/^At 00:04, SPEAKER_01 said: “hi the tiles arrived/);
    expect(answer).not.toContain(meeting[7]!.sentence);
  });

  it('quotes every passage of a list asked for (the tasks, the decisions), each being one of them', () => {
    expect(answerLocally({ ...chat([1, 3, 5, 7, 9].map(source)), listing: true }).split('\n')).toHaveLength(5);
  });

  it('says so when nothing was found', () => {
    expect(answerLocally(chat([]))).toBe('I could not find anything about that in this recording.');
    expect(NOT_FOUND_ANSWER).toBe('I could not find anything about that in this recording.');
    expect(answerLocally({ ...chat([]), scope: 'library' })).toBe('I could not find anything about that in your recordings.');
  });

  it('writes times past an hour as h:mm:ss', () => {
    expect(clockTime(41)).toBe('00:41');
    expect(clockTime(3723.9)).toBe('1:02:03');
    expect(clockTime(Number.NaN)).toBe('00:00');
  });

  it('is what the embedded language model answers, with no tokens used', async () => {
    const sources = retrieve(meeting, 'When do we talk again?');
    const result = await localLanguageModel().answer({ ...chat(sources), question: 'When do we talk again?' });
    expect(result.text).toMatch(/^At 00:54, SPEAKER_00 said: “let us talk again next friday at noon/);
    expect(result.usage).toEqual({ prompt_tokens: 0, completion_tokens: 0 });
  });
});

// Questions written for this test, after the method: none of them was used to choose its words.
describe('answerSources: questions about the recording as a whole', () => {
  const overview = ["What's the gist of it?", 'Could you outline what this conversation covered?', 'Any highlights?', "What's this recording about?", 'Summarise, please.', 'Give me a quick overview', 'What were the main takeaways?', 'Can you sum up this call for me?', 'what happened'];
  it.each(overview)('%j gets the most central passages, best first', (question) => {
    const sources = answerSources(meeting, question);
    expect(sources).toHaveLength(5);
    const central = textRank(meeting.map((s) => contentStems(normaliseLikeTranscript(s.sentence))));
    const ranks = sources.map((s) => central[s.segment_index]!);
    expect(ranks).toEqual([...ranks].sort((a, b) => b - a));
    // The most central passage of all is the first.
    expect(ranks[0]).toBe(Math.max(...central));
    expect(sources[0]).toEqual(source(sources[0]!.segment_index));
  });

  it.each(['Who spoke?', 'Who was on the call?', 'Who took part in this meeting?', 'Which people were present?', 'How many speakers are there?'])('%j gets one passage of each speaker, in the order they first spoke', (question) => {
    const sources = answerSources(meeting, question);
    expect(sources.map((s) => s.speaker)).toEqual(['SPEAKER_00', 'SPEAKER_01']);
    const three = [...meeting, { speaker: 'SPEAKER_02', sentence: 'sorry i joined late what did i miss', start_time: 70, end_time: 73 }];
    expect(answerSources(three, question).map((s) => s.speaker)).toEqual(['SPEAKER_00', 'SPEAKER_01', 'SPEAKER_02']);
  });

  it.each(['What did we talk about?', 'What was the meeting about?', 'Which topics came up?', 'What were the main issues?'])('%j, whose words the meeting never says, gets its central passages too', (question) => {
    expect(answerSources(meeting, question)).toHaveLength(5);
  });

  it('answers from BM25 when words that could ask for an overview are the recording\'s own', () => {
    // "talk" is said in the meeting ("let us talk again"): "the main talk" asks for that passage.
    expect(answerSources(meeting, 'The main talk?')).toEqual(retrieve(meeting, 'The main talk?'));
    expect(answerSources(meeting, 'The main talk?')[0]!.text).toMatch(/talk again/);
  });

  it.each(['Who has the key?', 'Who called the plumber twice?'])('%j asks for something said, not for the speakers: BM25, nothing found here', (question) => {
    expect(answerSources(meeting, question)).toEqual(retrieve(meeting, question));
  });

  it.each(['Recap what got decided', 'Which subjects were touched on?', 'Summarize how it went'])('%j asks for the overview in so many words; its other words only tell how things went', (question) => {
    expect(answerSources(meeting, question)).toHaveLength(5);
  });

  it.each(['What did they say about the budget?', 'Summarise the discussion on pricing', 'What were the topics of the budget review?', 'Summarise the part about the garden', 'Who fixed the car?', 'Give me an overview of the marketing plan', 'what is the capital of peru?'])(
    '%j names something never said, and still finds nothing',
    (question) => {
      expect(answerSources(meeting, question)).toEqual([]);
    },
  );

  it('leaves a question that names something to BM25, as before', () => {
    for (const question of ['Who is paying for the oven?', 'When do we talk again?', 'Tell me about the tiles']) expect(answerSources(meeting, question)).toEqual(retrieve(meeting, question));
  });

  // The meeting with its speakers named, as the web app's speaker names do.
  const named: Segment[] = meeting.map((s) => ({ ...s, speaker: s.speaker === 'SPEAKER_00' ? 'Maria Lopez' : 'Ben Okafor' }));

  it('keeps a question that names a speaker to their passages, with indices in the whole transcript', () => {
    const maria = answerSources(named, 'What did Maria say?');
    expect(maria).toHaveLength(5);
    for (const s of maria) expect(s).toEqual({ segment_index: s.segment_index, speaker: 'Maria Lopez', start_time: named[s.segment_index]!.start_time, end_time: named[s.segment_index]!.end_time, text: named[s.segment_index]!.sentence });
    expect(answerSources(meeting, 'and speaker_01?').every((s) => s.speaker === 'SPEAKER_01')).toBe(true);
    expect(answerSources(meeting, 'What did SPEAKER_01 say?').map((s) => s.speaker)).toEqual(Array(5).fill('SPEAKER_01'));
  });

  it('answers what a named speaker said about something from their passages alone, and nothing when they never said it', () => {
    expect(answerSources(named, 'Anything from Ben about the tiles?').map((s) => s.segment_index).sort()).toEqual([indexOf('tiles arrived'), indexOf('return the broken tiles')]);
    expect(answerSources(named, 'What did Okafor say about the landlord?').map((s) => s.segment_index)).toEqual([indexOf('landlord agreed')]);
    expect(answerSources(named, 'What did Maria say about the tiles?')).toEqual([]);
  });

  it('copes with one segment, silence and no transcript', () => {
    expect(answerSources(meeting.slice(3, 4), 'Summarise this recording')).toEqual([{ ...source(3), segment_index: 0 }]);
    expect(answerSources([{ speaker: 'SPEAKER_00', sentence: '  ', start_time: 0, end_time: 1 }], 'What was discussed?')).toEqual([]);
    expect(answerSources([], 'Who spoke?')).toEqual([]);
  });

  it('is what the embedded language model quotes instead of saying it found nothing', async () => {
    const result = await localLanguageModel().answer({ ...chat(answerSources(meeting, 'What is this meeting about?')), question: 'What is this meeting about?' });
    expect(result.text).not.toBe(NOT_FOUND_ANSWER);
    expect(result.text.split('\n')).toHaveLength(3);
  });
});

/** Lines said by two speakers in turn, one every `seconds`. */
const turns = (lines: readonly string[], seconds: number): Segment[] =>
  lines.map((sentence, i) => ({ speaker: i % 2 === 0 ? 'SPEAKER_00' : 'SPEAKER_01', sentence, start_time: i * seconds, end_time: (i + 0.8) * seconds }));

// A second meeting and questions written for this test, after the method: who takes on what.
describe('answerSources: questions for the tasks', () => {
  const CHOIR = [
    'good afternoon this is the choir planning meeting',
    'the spring concert is in the town hall',
    'our tenors are still short of two voices',
    'i will print the programmes by the twelfth of april',
    'the piano tuner comes on monday morning',
    'could you book the rehearsal room for three weeks',
    'yes no problem',
    'the soprano section sang beautifully last night',
    'dev needs to collect the robes from the cleaners',
    'tickets sold out in two days',
    'thanks everyone see you next tuesday',
  ];
  const choir = turns(CHOIR, 4);
  const said = (fragment: string) => choir.findIndex((s) => s.sentence.includes(fragment));
  const tasks = () => [said('print the programmes'), said('book the rehearsal room'), said('collect the robes')];

  it.each(['What are the action items?', 'Any to-dos from this meeting?', 'What are the next steps?', 'Who is doing what?', 'What needs to be done?', 'List the follow-ups'])(
    '%j gets the passages that give a task, in the order said',
    (question) => {
      expect(answerSources(choir, question).map((s) => s.segment_index)).toEqual(tasks());
    },
  );

  it.each(['What are the deadlines?', 'Which tasks are due?'])('%j gets the passages that give a task with a due date', (question) => {
    expect(answerSources(choir, question).map((s) => s.segment_index)).toEqual([said('print the programmes')]);
  });

  it('answers the deadlines from the dates said when no task says when it is due', () => {
    const release = turns(['the demo for the client went well', 'i will tidy the backlog', 'the release is planned for the fifteenth of december', 'the office is closed on the first of january'], 5);
    expect(answerSources(release, 'What are the deadlines?').map((s) => s.segment_index)).toEqual([2, 3]);
  });

  // Written for this test: a deadline said in so many words, with its date, is one of them.
  it('answers the deadlines with the deadlines named as well as the tasks due', () => {
    const grant = turns(['the grant report is due on the thirtieth of january', 'i will email the funder by friday', 'our deadline was tight last year', 'the deadline for the photo competition is the first of march', 'we need to tidy the shed'], 5);
    expect(answerSources(grant, 'What are the deadlines?').map((s) => s.segment_index)).toEqual([0, 1, 3]);
    const owned = turns(['the pitch gets relined next week', 'so all kit has to be returned by the ninth', 'the bar opens before the match'], 5);
    expect(answerSources(owned, 'What are the deadlines?').map((s) => s.segment_index)).toEqual([1]);
  });

  it('quotes them in the embedded model’s answer instead of saying it found nothing', async () => {
    const result = await localLanguageModel().answer(chat(answerSources(choir, 'What are the action items?')));
    expect(result.text.split('\n')).toEqual([
      'At 00:12, SPEAKER_01 said: “i will print the programmes by the twelfth of april”',
      'At 00:20, SPEAKER_01 said: “could you book the rehearsal room for three weeks”',
      'At 00:32, SPEAKER_00 said: “dev needs to collect the robes from the cleaners”',
    ]);
  });

  it('leaves a question that names something else to BM25', () => {
    for (const question of ['What are the tasks for the concert?', 'Who owns the piano?', 'What is on the guest list?']) expect(answerSources(choir, question)).toEqual(retrieve(choir, question));
  });

  it.each(['List the topics', 'Which items came up?', 'Summarise the main items'])('%j does not ask for the tasks', (question) => {
    expect(answerSources(choir, question).map((s) => s.segment_index)).not.toEqual(tasks());
  });

  it('finds nothing in a meeting where no one took on anything, unless its words were said', () => {
    const chatter = turns(['the weather was lovely all week', 'the garden looks green again', 'the next steps of the dance were hard'], 3);
    expect(answerSources(chatter, 'What are the action items?')).toEqual([]);
    expect(answerSources(chatter, 'What are the next steps?').map((s) => s.segment_index)).toEqual([2]);
  });
});

// A third meeting and questions written for this test, after the method: what was decided.
describe('answerSources: questions for the decisions', () => {
  const FAIR = [
    'hello all this is the summer fair committee',
    'we agreed to move the fair to the second week of june',
    'the weather last year was awful',
    'the council approved our new logo',
    'i think the stage is too small',
    'so let us go with the blue tents then',
    'the ice cream van wants a bigger pitch',
    'we decided not to raise the ticket prices',
  ];
  const fair = turns(FAIR, 5);
  const said = (fragment: string) => fair.findIndex((s) => s.sentence.includes(fragment));

  it.each(['What was decided?', 'What decisions were made?', 'What did we agree on?', 'Any outcomes?', 'What were the conclusions of this meeting?'])('%j gets the passages that state a decision, in the order said', (question) => {
    expect(answerSources(fair, question).map((s) => s.segment_index)).toEqual([said('move the fair'), said('approved our new logo'), said('blue tents'), said('not to raise')]);
  });

  it('gets the decisions about one thing alone, leaves one no decision names to BM25, and one asking for the overview in so many words to the overview', () => {
    // BM25 alone had added "we decided not to raise the ticket prices" for its word "decided".
    expect(answerSources(fair, 'What did we decide about the tents?').map((s) => s.segment_index)).toEqual([said('blue tents')]);
    expect(answerSources(fair, 'What did we decide about the stage?')).toEqual(retrieve(fair, 'What did we decide about the stage?'));
    expect(answerSources(fair, 'What did we decide about the stage?')[0]!.segment_index).toBe(said('stage is too small'));
    expect(answerSources(fair, 'Recap what got decided')).toHaveLength(5);
    expect(answerSources(fair, 'Recap what got decided')).not.toEqual(answerSources(fair, 'What was decided?'));
  });

  it('reads "lets" as the recogniser may write "let\'s"', () => {
    const standup = turns(['should we do a dry run on wednesday', 'yes good idea lets do the dry run wednesday at four'], 5);
    expect(answerSources(standup, 'What was decided?').map((s) => s.segment_index)).toEqual([1]);
  });

  it('marks the decisions (about one thing, too) as a list to answer whole, and passages found by their words as not', () => {
    expect(answerPlan(fair, 'What was decided?').listing).toBe(true);
    expect(answerPlan(fair, 'What did we decide about the tents?').listing).toBe(true);
    expect(answerPlan(fair, 'What did we decide about the stage?').listing).toBe(false);
    expect(answerPlan(fair, 'Recap what got decided').listing).toBe(false);
  });

  it('finds nothing in a meeting where nothing was decided', () => {
    const chatter = turns(['the weather was lovely all week', 'the garden looks green again', 'my cat sleeps all day'], 3);
    expect(answerSources(chatter, 'What was decided?')).toEqual([]);
  });
});

// A fourth meeting and questions written for this test, after the method: one speaker's share.
describe('answerSources: a named speaker’s tasks and decisions', () => {
  const CLUB: [string, string][] = [
    ['Ines', 'the seed swap was a big success this spring'],
    ['Kwame', 'i will fix the broken gate before the open day'],
    ['Ines', 'kwame could you also order more compost'],
    ['Kwame', 'of course'],
    ['Ines', 'i am going to write the newsletter on sunday'],
    ['Kwame', 'we agreed that the shed stays locked at night'],
    ['Ines', 'the tomatoes did badly in the heat'],
  ];
  const club: Segment[] = CLUB.map(([speaker, sentence], i) => ({ speaker, sentence, start_time: i * 5, end_time: i * 5 + 4 }));
  const said = (fragment: string) => club.findIndex((s) => s.sentence.includes(fragment));

  it.each(["What are Kwame's action items?", 'What will Kwame do?', 'What does Kwame have to do?'])('%j gets the tasks he owns, asked of him by someone else too', (question) => {
    expect(answerSources(club, question).map((s) => s.segment_index)).toEqual([said('fix the broken gate'), said('order more compost')]);
  });

  it('gets what one speaker decided, and what she said when asked nothing more', () => {
    expect(answerSources(club, 'What did Kwame agree to?').map((s) => s.segment_index)).toEqual([said('shed stays locked')]);
    expect(answerSources(club, "What are Ines's tasks?").map((s) => s.segment_index)).toEqual([said('write the newsletter')]);
    expect(answerSources(club, 'What did Ines say?').every((s) => s.speaker === 'Ines')).toBe(true);
  });

  // Written for this test: a task put to the whole group is each speaker's too.
  it("gives one speaker's tasks with the whole group's", () => {
    const withGroup = [...club, { speaker: 'Ines', sentence: 'everyone please bring a trowel on saturday', start_time: 40, end_time: 44 }];
    expect(answerSources(withGroup, "What are Ines's tasks?").map((s) => s.segment_index)).toEqual([said('write the newsletter'), 7]);
  });
});
