// The embedded language model ("local"): extractive work with no model and no keys, so the
// service summarises offline. Real models live beside it in providers/llm/*.
import { ProviderError, type LanguageModel, type SummaryRequest, type SummaryResult } from '../../types.ts';
import { summarizeLocally } from './summarize.ts';
import { extractEventsLocally } from './events.ts';
import { answerLocally } from './chat.ts';

export { summarizeLocally } from './summarize.ts';
export { findActionItems, knownNames, type ActionItem } from '../../../text/action-items.ts';
export { contentStems, textRank, topInOrder, type TextRankOptions } from '../../../text/textrank.ts';
export {
  dateReference,
  findDates,
  formatDateParts,
  isoDateParts,
  type DateParts,
  type DateReference,
  type SpokenDate,
} from '../../../text/spoken-dates.ts';
export { normaliseSpokenTimes } from '../../../text/spoken-times.ts';

export function localLanguageModel(): LanguageModel {
  return {
    name: 'local',
    extractive: true,
    async summarize(request: SummaryRequest): Promise<SummaryResult> {
      if (request?.signal?.aborted) throw new ProviderError('The summary was cancelled', true);
      return { markdown: summarizeLocally(request), usage: { prompt_tokens: 0, completion_tokens: 0 } };
    },
    extractEvents: async (request) => ({ events: extractEventsLocally(request), usage: { prompt_tokens: 0, completion_tokens: 0 } }),
    answer: async (request) => ({ text: answerLocally(request), usage: { prompt_tokens: 0, completion_tokens: 0 } }),
  };
}
