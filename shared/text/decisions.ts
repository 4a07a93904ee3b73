// A line that states a decision: something decided, agreed, approved, settled or chosen ("we
// agreed to move the fair", "the council approved the logo"), or what the group commits to
// ("let us go with the blue tents", "we'll switch to the cheaper printer"). Not a decision: one
// still to make or not made ("we need to decide", "we haven't agreed yet", "did we settle on a
// date"), a request ("can you approve the invoice"), or what "let's" and "we'll" lead into when
// they only steer the talk or hedge ("let's move on", "let's hope", "we'll see", "let's call the
// meeting to order"). Read by the
// embedded summariser when a prompt asks for decisions, and by the chats for "What was decided?".
// A motion or proposal is not one until the group settles it; a bare verdict ("motion carried")
// brings in the proposal it settles.

/** How a vote ends: what settles a motion or proposal. */
const OUTCOME = 'carried|passed|adopted|accepted|rejected|defeated|approved|lost';
/**
 * Something decided, in the past or as a settled state, or by a formal vote: "motion carried",
 * "the proposal was defeated", "we voted to …", "carried unanimously", "resolved that …".
 */
const DECIDED = new RegExp(
  `\\b(?:decided|agreed|approved|settled|chose|chosen|signed off|went with|decision (?:is|was)|(?:we|i|all|everyone|everybody) agrees?|(?:motion|proposal|resolution|amendment|recommendation)s?(?:\\s+\\S+){0,8}?\\s+(?:(?:is|was|were|has been|have been)\\s+)?(?:${OUTCOME})|voted\\s+(?:to|for|against|in favou?r|unanimously)|carried unanimously|(?:it is|it was|be it)\\s+resolved|resolved that)\\b`,
  'i',
);
/** The group commits to doing something. */
const COMMITTED = /\b(?:let's|lets|let us|we will|we'll|we are going to|we're going to|we are gonna|we're gonna|so we go with|we go with|we stick with)\s+(\w+(?:\s+\w+){0,2})/gi;
/** What "let's" or "we'll" lead into when they steer the talk, hedge or wish ("let's have a good service"), rather than commit. */
const NOT_COMMITTING =
  /^(?:see|say|hope|think|talk|discuss|start|begin|kick|get started|get going|get (?:into it|stuck in|cracking|moving|down to|on with it|the ball rolling)|dive in|crack on|jump in|move on(?:to)?|move to|get to|recap|look|check|wait|try|just|take a|continue|go around|go over|go through|wrap|break|do (?:a |the )?(?:quick|brief|short|usual|round|introductions)|stop|pause|leave it|call it|call (?:the |this |our )?(?:meeting|board|session|committee|room|everyone|us|things)\b|(?:end|finish) (?:here|there|up)|come back|circle back|turn to|hear|focus|probably|maybe|perhaps|need|have to|decide|figure|find out|not|never|have\s+(?:a|an)\s+(?:good|great|nice|lovely|fun|safe|productive|smooth|brilliant|wonderful|busy|quiet|successful)\b)\b/i;
/** A decision not (yet) made, or asked about. */
const NOT_MADE =
  /\b(?:not|never|yet to|no one|nobody|(?:do|does|did|have|has|had|ca|could|wo|would|are|is|was|were)n'?t)\s+(?:\w+\s+)?(?:decided|agreed|approved|settled|chosen|agree)\b|\bundecided\b|\b(?:did|do|does|have|has|had) (?:we|you|they|i|it|everyone|anyone) (?:\w+ )?(?:decide|agree|approve|settle|choose)\b/i;
/** A question put to the group ("should we …", "are we going to …"), which the recogniser writes without its question mark. */
const QUESTION = /\?\s*$|^\s*(?:should|shall|can|could|would|do|did|are|is|have|has) (?:we|you|they|i|it)\b/i;

/** A motion or proposal put to the group ("i move that we …", "i propose we …"): a decision only once the group settles it. */
const PROPOSED = /^\s*(?:(?:so|and|okay|ok|right|well|then)\s+)*(?:i|we)\s+(?:move|propose|suggest|recommend|(?:would|'d) like to (?:propose|move|suggest))\b|\bmotion to\b|\bpropos(?:e|al) (?:is|was) (?:to|that)\b/i;
/** A verdict that says no more than that what was put is settled: "motion carried", "so that's approved", "agreed". */
const VERDICT = new RegExp(
  `^\\s*(?:(?:so|and|okay|ok|right|then|none|good|great|fine|well)\\s+)*(?:(?:the\\s+)?(?:motion|proposal)\\s+(?:is\\s+)?(?:${OUTCOME})|(?:that's|that is|it's|it is)\\s+(?:approved|agreed|carried|settled|decided|passed)|agreed|carried|approved)(?:\\s+unanimously)?\\s*[.!]?\\s*$`,
  'i',
);
/** A proposal settled in the sentence that puts it ("the motion to close the bar was defeated"). */
const SETTLED = new RegExp(`\\b(?:${OUTCOME})\\b`, 'i');
/** How many sentences back a verdict may settle a proposal. */
const PROPOSAL_REACH = 4;

export function statesADecision(text: string): boolean {
  if (QUESTION.test(text) || NOT_MADE.test(text) || (PROPOSED.test(text) && !SETTLED.test(text))) return false;
  if (DECIDED.test(text)) return true;
  for (const [, next] of text.matchAll(COMMITTED)) if (!NOT_COMMITTING.test(next!)) return true;
  return false;
}

/** A decision among sentences said in order, and the proposal a bare verdict settles ("i move that we approve the minutes" … "motion carried"). */
export interface DecisionAt {
  readonly at: number;
  readonly settles?: number;
}

export function decisionsIn(sentences: readonly string[]): DecisionAt[] {
  const found: DecisionAt[] = [];
  sentences.forEach((text, at) => {
    const verdict = VERDICT.test(text);
    if (!verdict && !statesADecision(text)) return;
    const settles = verdict ? proposalBefore(sentences, at) : -1;
    found.push(settles >= 0 ? { at, settles } : { at });
  });
  return found;
}

/** The seconding and the vote between a motion and its verdict: "seconded", "all in favour", "any objections". */
const PROCEDURE = /^\s*(?:(?:so|and|okay|ok|right|then)\s+)*(?:seconded|i(?:'ll)? second (?:that|it)|all (?:those )?in favou?r|any (?:objections|against|abstentions)|(?:those )?against|abstentions?|none)\b/i;
/** Words enough to say what was put: fewer say nothing of it ("thank you", "right"). */
const SAYS_WHAT = 5;

/**
 * The sentence a verdict at `at` settles, up to four back: the motion or proposal put ("i move
 * that …"), else, when the recogniser has mangled its words ("i knew that we hold the social …"),
 * the nearest sentence before the seconding and the vote that says something.
 */
function proposalBefore(sentences: readonly string[], at: number): number {
  const from = Math.max(0, at - PROPOSAL_REACH);
  const before = sentences.slice(from, at);
  const put = before.findLastIndex((earlier) => PROPOSED.test(earlier));
  if (put >= 0) return from + put;
  let k = before.length - 1;
  while (k >= 0 && PROCEDURE.test(before[k]!)) k -= 1;
  const said = k < before.length - 1 && k >= 0 && before[k]!.trim().split(/\s+/).length >= SAYS_WHAT && !VERDICT.test(before[k]!);
  return said ? from + k : -1;
}
