// Questions about the recording as a whole ("Summarise this call", "What was discussed?", "Who
// spoke?") name no word that was said in it, so BM25 finds nothing for them and the model
// would answer from no passage. Such a question is one whose content words, if any, all point
// at the recording, its summary or its speakers. It gets the passages a summary would start
// from instead: the most central segments by TextRank, best first; a question about who
// spoke gets each speaker's most central segment. A question that names anything else (a
// topic, a person, a thing) is left to BM25, and still finds nothing when the recording never
// mentions it.
import { contentStems, textRank } from '../text/textrank.ts';
import type { Segment } from '../providers/types.ts';

/** Words that point at the recording, its summary or its shape rather than at something said in it. */
const ABOUT_THE_WHOLE = new Set(
  contentStems(
    'summary summarize summarise summarizing summarising sum recap overview gist outline rundown synopsis digest brief main key important ' +
      'highlights points topics subjects themes issues takeaways discussed discussion covered happened going recording recorded meeting ' +
      'call conversation session chat audio transcript episode interview talk say said mention mentioned tell give describe explain ' +
      // How the answer should be: short, whole.
      'quick quickly short shortly brief briefly overall general whole entire full detailed everything please',
  ),
);
/** Words that point at who took part. */
const ABOUT_THE_SPEAKERS = new Set(
  contentStems('speaker speakers spoke speaking speak talked talking participants participated people person attended attendees voices present take took part join joined'),
);

const ASKS_A_FACT = /^\W*(?:when|where|why|until when|by when)\b/i;

export type WholeQuestion = 'overview' | 'speakers' | undefined;

/** Whether the question asks about the recording as a whole, and how; undefined when it names something to look for. */
export function wholeQuestion(question: string, stemsOf: (text: string) => string[]): WholeQuestion {
  // When, where and why ask for a fact a passage states, which the most central ones need not hold.
  if (ASKS_A_FACT.test(question)) return undefined;
  const terms = stemsOf(question);
  if (terms.some((t) => !ABOUT_THE_WHOLE.has(t) && !ABOUT_THE_SPEAKERS.has(t))) return undefined;
  const asksWho = /\bwho\b|\bwhom\b/i.test(question) || terms.some((t) => ABOUT_THE_SPEAKERS.has(t));
  return asksWho ? 'speakers' : 'overview';
}

/** TextRank score per segment, over the same stems BM25 reads. */
function centrality(segments: readonly Segment[], stemsOf: (text: string) => string[]): number[] {
  return textRank(segments.map((s) => stemsOf(String(s.sentence ?? ''))));
}

/** Indices of the `k` most central segments with words, best first (as the model reads sources). */
export function overviewSegments(segments: readonly Segment[], k: number, stemsOf: (text: string) => string[]): number[] {
  const scores = centrality(segments, stemsOf);
  return scores
    .map((score, index) => ({ score, index }))
    .filter(({ index }) => String(segments[index]!.sentence ?? '').trim())
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, Math.max(0, k))
    .map(({ index }) => index);
}

/** Each speaker's most central segment (the first `k` speakers to speak), in the order they first spoke. */
export function speakerSegments(segments: readonly Segment[], k: number, stemsOf: (text: string) => string[]): number[] {
  const scores = centrality(segments, stemsOf);
  // Insertion order of the map is the order in which the speakers first said something.
  const best = new Map<string, number>();
  segments.forEach((segment, i) => {
    if (!String(segment.sentence ?? '').trim()) return;
    const speaker = segment.speaker || '';
    const held = best.get(speaker);
    if (held === undefined || scores[i]! > scores[held]!) best.set(speaker, i);
  });
  return [...best.values()].slice(0, Math.max(0, k));
}
