// Answers without a model: the best passages themselves (placeholder until built).
import type { ChatRequest } from '../../types.ts';

export function answerLocally(request: ChatRequest): string {
  return request.sources.map((s) => s.text).join(' ');
}
