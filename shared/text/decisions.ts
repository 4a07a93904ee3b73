// A line that states a decision: something decided, agreed, approved, settled or chosen ("we
// agreed to move the fair", "let us go with the blue tents"). Read by the embedded summariser
// when a prompt asks for decisions, and by the recording chat for "What was decided?".
const DECISION_LINE = /\b(?:decided|decide|agreed|agree|approved?|we will|we'll|let's|lets|let us|go with|settled|final(?:ly)?|chose|choose)\b/i;

export function statesADecision(text: string): boolean {
  return DECISION_LINE.test(text);
}
