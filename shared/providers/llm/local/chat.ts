// Answers without a model: the best passages themselves, quoted with when and by whom they
// were said, so the reader can check them against the recording. Nothing found: say so,
// never guess.
import type { ChatRequest, ChatSource } from '../../types.ts';
import { clockTime } from '../../../domain/transcript/time.ts';

/** How many passages an answer quotes at most, unless each answers (ChatRequest.listing). */
const QUOTED_PASSAGES = 3;
export const NOT_FOUND_ANSWER = 'I could not find anything about that in this recording.';
const NOT_FOUND_IN_LIBRARY = 'I could not find anything about that in your recordings.';

function quote(source: ChatSource): string {
  const text = String(source.text ?? '').trim();
  return `At ${clockTime(source.start_time)}, ${source.speaker || 'someone'} said: “${text}”`;
}

export function answerLocally(request: ChatRequest): string {
  // A list asked for (the tasks, the decisions) is quoted whole: each source is one of them.
  const passages = (request?.sources ?? []).filter((s) => String(s.text ?? '').trim()).slice(0, request?.listing ? undefined : QUOTED_PASSAGES);
  if (passages.length === 0) return request?.scope === 'library' ? NOT_FOUND_IN_LIBRARY : NOT_FOUND_ANSWER;
  return passages.map(quote).join('\n');
}
