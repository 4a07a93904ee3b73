// Reading a speech provider's JSON answer defensively: the body may be cut off or not JSON, and
// any field may be missing or of the wrong type.
import { ProviderError } from '../types.ts';

/** The answer body as JSON; a cut-off or unreadable answer is a retryable ProviderError. */
export async function readJson(response: Response, what: string, signal?: AbortSignal): Promise<unknown> {
  let text: string;
  try {
    text = await response.text();
  } catch (e) {
    if (signal?.aborted) throw signal.reason ?? e;
    throw new ProviderError(`The answer of ${what} was cut off`, true);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new ProviderError(`${what.charAt(0).toUpperCase()}${what.slice(1)} gave an answer that is not JSON`, true);
  }
}

export const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
export const list = (value: unknown): Record<string, unknown>[] => (Array.isArray(value) ? value.map(record) : []);
