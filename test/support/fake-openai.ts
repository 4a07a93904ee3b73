// Test-only providers that answer at once: one loopback server speaking the OpenAI-compatible
// API the real `openai` providers call (`/audio/transcriptions`, `/chat/completions`), so a
// test or a bench runs the deployed bundles with their production providers and measures the
// pipeline, not an engine. No fixed-answer provider ships in the service itself.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFakeServer, verboseJsonCovering, type FakeServer, type Reply } from './fake-providers.ts';

export interface FakeProviders {
  readonly url: string;
  readonly server: FakeServer;
  stop(): Promise<void>;
}

/** Requests kept for inspection at most (a bench sends thousands). */
const KEEP = 200;

export async function startFakeProviders(): Promise<FakeProviders> {
  const workDir = mkdtempSync(join(tmpdir(), 'verbatim-fake-openai-'));
  const server = await startFakeServer(async (request): Promise<Reply> => {
    if (server.requests.length > KEEP) server.reset();
    if (request.path.endsWith('/audio/transcriptions')) return (await verboseJsonCovering(request, workDir)).reply;
    if (request.path.endsWith('/chat/completions')) {
      const json = /"response_format"/.test(request.body.toString('utf8'));
      return { json: chatReply(json ? '{"events":[]}' : '## Summary\n\n- A fixed summary.') };
    }
    return { status: 404, json: { error: { message: `no fake for ${request.path}`, type: 'invalid_request_error' } } };
  });
  return {
    url: `${server.url}/v1`,
    server,
    stop: async () => {
      await server.close();
      rmSync(workDir, { recursive: true, force: true });
    },
  };
}

const chatReply = (content: string) => ({
  id: 'chatcmpl-fake',
  object: 'chat.completion',
  choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
  usage: { prompt_tokens: 10, completion_tokens: 5 },
});

/** The settings that point both providers at the fake server. */
export function fakeProviderSettings(providers: Pick<FakeProviders, 'url'>): Record<string, string> {
  return { ASR_PROVIDER: 'openai', ASR_BASE_URL: providers.url, ASR_MODEL: 'whisper-1', LLM_PROVIDER: 'openai', LLM_BASE_URL: providers.url, LLM_MODEL: 'fake-model' };
}

let shared: Promise<Record<string, string>> | undefined;

/**
 * The settings of one fake server per process, started on first use and left running until the
 * process exits (it does not keep the process alive): for suites and benches that only need
 * providers that answer at once.
 */
export function sharedFakeProviderSettings(): Promise<Record<string, string>> {
  shared ??= startFakeProviders().then((providers) => {
    providers.server.unref();
    return fakeProviderSettings(providers);
  });
  return shared;
}
