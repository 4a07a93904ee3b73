// Calls to provider APIs: one place that turns HTTP trouble into ProviderError — timeouts,
// network errors, 429 and 5xx are retryable (with the provider's Retry-After), other answers
// are permanent — with messages safe to show a user (never a key, never a raw error body).
import { ProviderError } from './types.ts';
import { logFailure } from '../logger.ts';

export interface ProviderCall {
  /** Who is called, for messages: "the transcription service", "the language model". */
  readonly what: string;
  readonly timeoutMs: number;
  readonly signal?: AbortSignal;
}

const HINTS: Record<number, string> = {
  400: 'it refused the request as malformed or unsupported',
  401: 'it refused the API key',
  403: 'it refused access with this API key',
  404: 'the model or endpoint does not exist there',
  413: 'the file was too large for it',
  415: 'it does not accept this audio format',
  422: 'it could not process the input',
};

export async function providerFetch(url: string, init: RequestInit, call: ProviderCall): Promise<Response> {
  const timeout = AbortSignal.timeout(call.timeoutMs);
  const signal = call.signal ? AbortSignal.any([call.signal, timeout]) : timeout;
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal });
  } catch (error) {
    if (call.signal?.aborted) throw call.signal.reason ?? error;
    if (timeout.aborted) throw new ProviderError(`${capital(call.what)} did not answer within ${Math.round(call.timeoutMs / 1000)} s`, true);
    throw new ProviderError(`${capital(call.what)} could not be reached`, true);
  }
  if (response.ok) return response;
  await response.body?.cancel().catch(logFailure('an unread provider response body could not be cancelled'));
  const status = response.status;
  if (status === 429 || status === 408 || status >= 500) {
    throw new ProviderError(`${capital(call.what)} is busy or failing (HTTP ${status})`, true, retryAfter(response.headers.get('retry-after')));
  }
  throw new ProviderError(`${capital(call.what)} answered HTTP ${status}: ${HINTS[status] ?? 'the request was refused'}`, false);
}

function retryAfter(value: string | null): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.min(Math.max(seconds, 0), 3600);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.min(Math.max((date - Date.now()) / 1000, 0), 3600);
}

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
