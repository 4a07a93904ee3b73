// A line that states a decision: something decided, agreed, approved, settled or chosen ("we
// agreed to move the fair", "the council approved the logo"), or what the group commits to
// ("let us go with the blue tents", "we'll switch to the cheaper printer"). Not a decision: one
// still to make or not made ("we need to decide", "we haven't agreed yet", "did we settle on a
// date"), a request ("can you approve the invoice"), or what "let's" and "we'll" lead into when
// they only steer the talk or hedge ("let's move on", "let's hope", "we'll see"). Read by the
// embedded summariser when a prompt asks for decisions, and by the chats for "What was decided?".

/** Something decided, in the past or as a settled state. */
const DECIDED = /\b(?:decided|agreed|approved|settled|chose|chosen|signed off|went with|decision (?:is|was)|(?:we|i|all|everyone|everybody) agrees?)\b/i;
/** The group commits to doing something. */
const COMMITTED = /\b(?:let's|lets|let us|we will|we'll|we are going to|we're going to|we are gonna|we're gonna|so we go with|we go with|we stick with)\s+(\w+(?:\s+\w+)?)/gi;
/** What "let's" or "we'll" lead into when they steer the talk, hedge or wish, rather than commit. */
const NOT_COMMITTING =
  /^(?:see|say|hope|think|talk|discuss|start|begin|kick|get started|get going|move on(?:to)?|move to|get to|recap|look|check|wait|try|just|take a|continue|go around|go over|go through|wrap|break|come back|circle back|turn to|hear|focus|probably|maybe|perhaps|need|have to|decide|figure|find out|not|never)\b/i;
/** A decision not (yet) made, or asked about. */
const NOT_MADE =
  /\b(?:not|never|yet to|no one|nobody|(?:do|does|did|have|has|had|ca|could|wo|would|are|is|was|were)n'?t)\s+(?:\w+\s+)?(?:decided|agreed|approved|settled|chosen|agree)\b|\bundecided\b|\b(?:did|do|does|have|has|had) (?:we|you|they|i|it|everyone|anyone) (?:\w+ )?(?:decide|agree|approve|settle|choose)\b/i;
/** A question put to the group ("should we …", "are we going to …"), which the recogniser writes without its question mark. */
const QUESTION = /\?\s*$|^\s*(?:should|shall|can|could|would|do|did|are|is|have|has) (?:we|you|they|i|it)\b/i;

export function statesADecision(text: string): boolean {
  if (QUESTION.test(text) || NOT_MADE.test(text)) return false;
  if (DECIDED.test(text)) return true;
  for (const [, next] of text.matchAll(COMMITTED)) if (!NOT_COMMITTING.test(next!)) return true;
  return false;
}
