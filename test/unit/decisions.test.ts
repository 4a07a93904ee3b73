// What states a decision (shared/text/decisions.ts), on sentences written for this test after the
// method, none of them seen while it was made: decisions made or committed to, and the lines that
// only sound like one (a decision still to make, a question, a request, talk that steers or hedges).
import { describe, expect, it } from 'vitest';
import { decisionsIn, statesADecision } from '#shared/text/decisions.ts';
import { localLanguageModel } from '#shared/providers/llm/local/index.ts';
import { answerSources } from '#shared/recordings/retrieval.ts';

describe('statesADecision', () => {
  it.each([
    'the committee approved the parking plan',
    'right so we agreed the kids go first',
    'in the end we chose the cheaper hall',
    "let's keep the stall open until six",
    'lets go with the red flyers',
    'we will cancel the december newsletter',
    "we're going to raffle the hamper",
    'fine everybody agrees we skip the parade',
    'our decision was to rent the chairs',
    'we settled on a fixed fee for the bands',
  ])('reads %j as a decision', (line) => {
    expect(statesADecision(line)).toBe(true);
  });

  it.each([
    'we have to decide about the raffle prizes',
    'we havent agreed on the fee',
    "i don't agree about the parade",
    'nobody approved that spend',
    'did we agree on the start time',
    'should we keep the stall open later',
    'are we going to print flyers at all',
    'could you approve my expenses please',
    "let's move on to the raffle",
    'lets see what the council says',
    "let's hope nobody forgets the keys",
    "we'll probably need a second table",
    "we'll see about the bands",
    'let us start with apologies',
    'lets move onto any other business',
    "let's get to the treasurer's report",
    'the final rehearsal is on friday',
    // Written later: closing the talk, as the recogniser may write "let's talk again".
    "okay let's stop there for tonight",
    "let's call it a day and pick it up next week",
    "let's finish up and grab a coffee",
    "hi all let's do a quick round of updates",
  ])('reads %j as no decision', (line) => {
    expect(statesADecision(line)).toBe(false);
  });

  it('answers "What was decided?" with the decisions alone, not the suggestions and the talk around them', () => {
    const lines = ['lets start with the fete', 'we need to decide on the date first', 'we agreed on the last saturday of june', "let's hope it doesn't rain", 'should we ask the scouts to help', "we'll ask the scouts to run the tombola"];
    const segments = lines.map((sentence, i) => ({ speaker: `SPEAKER_0${i % 2}`, sentence, start_time: i * 5, end_time: i * 5 + 4 }));
    expect(answerSources(segments, 'What was decided?').map((s) => s.text)).toEqual(['we agreed on the last saturday of june', "we'll ask the scouts to run the tombola"]);
  });

  // Written for this test: the words of a formal meeting.
  it.each(['the amendment was carried by six votes to two', 'members voted against the new logo', 'the resolution to merge the two clubs was adopted', 'it was resolved that fees stay the same', 'the proposal to open on sundays was defeated'])(
    'reads the vote %j as a decision',
    (line) => {
      expect(statesADecision(line)).toBe(true);
    },
  );

  it.each(['i move that we buy a new mower', 'i propose we close at ten', "i'd like to propose a vote of thanks", 'so i suggest we go with the blue banners'])('reads the motion %j as no decision until it is settled', (line) => {
    expect(statesADecision(line)).toBe(false);
  });

  it('gives a bare verdict the proposal it settles, in the summary and in the chat', async () => {
    const lines = ['i move that we buy a new mower', 'seconded', 'all in favour', 'carried', 'next the hedge'];
    expect(decisionsIn(lines)).toEqual([{ at: 3, settles: 0 }]);
    const segments = lines.map((sentence, i) => ({ speaker: i === 0 ? 'Rosa' : 'Chair', sentence, start_time: i * 5, end_time: i * 5 + 4 }));
    const { markdown } = await localLanguageModel().summarize({ segments, prompt: 'What did we decide?', context: { title: 'AGM', meetingDate: '2026-11-19T10:00:00Z' } });
    expect(markdown).toContain('- Carried: i move that we buy a new mower (Chair, 00:15)');
    expect(answerSources(segments, 'What was decided?').map((s) => s.text)).toEqual(['i move that we buy a new mower', 'carried']);
  });

  // Written for this test: the recogniser mangled the motion's words, but the seconding and the vote still show what was put.
  it('gives a verdict after a seconding and a vote the sentence before them when no motion is read', () => {
    expect(decisionsIn(['right the next item is the minibus', 'i mood that we lease a second minibus from april', 'seconded', 'all those in favour', 'carried'])).toEqual([{ at: 4, settles: 1 }]);
    expect(decisionsIn(['the caretaker fixed the boiler last week', 'agreed'])).toEqual([{ at: 1 }]);
  });
});
