// A conversation with the chat routes (one recording's or the whole library's): the turns so far,
// each answer with its sources rendered by the caller, and the question form. Everything is text.
import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { Alert, TextArea, useAction } from './form.tsx';

type History = { role: 'user' | 'assistant'; content: string }[];
interface Turn<S> {
  role: 'user' | 'assistant';
  content: string;
  sources?: readonly S[];
}

/** Enter sends the question, as in other chats; Shift+Enter (or Enter while an input method composes) writes a line break. */
function askOnEnter(event: KeyboardEvent): void {
  if (event.key !== 'Enter' || event.shiftKey || event.isComposing) return;
  event.preventDefault();
  (event.currentTarget as HTMLTextAreaElement).form?.requestSubmit();
}

export function Conversation<S>({ label, ask, source }: { label: string; ask: (message: string, history: History) => Promise<{ response: string; sources: readonly S[] }>; source: (s: S) => ComponentChildren }) {
  const [turns, setTurns] = useState<Turn<S>[]>([]);
  const [message, setMessage] = useState('');
  const { busy, error, run } = useAction();
  const submit = (event: Event) => {
    event.preventDefault();
    const question = message.trim();
    if (!question) return;
    void run(async () => {
      const answer = await ask(question, turns.slice(-10).map(({ role, content }) => ({ role, content })));
      setTurns([...turns, { role: 'user', content: question }, { role: 'assistant', content: answer.response, sources: answer.sources }]);
      setMessage('');
    });
  };
  return (
    <>
      <ol class="chat" aria-live="polite">
        {turns.map((t, i) => (
          <li key={i} class={t.role}>
            <p>
              <strong>{t.role === 'user' ? 'You' : 'Answer'}:</strong> {t.content}
            </p>
            {t.sources && t.sources.length > 0 && (
              <ol class="sources" aria-label="Sources">
                {t.sources.map((s, k) => (
                  <li key={k}>{source(s)}</li>
                ))}
              </ol>
            )}
          </li>
        ))}
      </ol>
      <form onSubmit={submit}>
        <TextArea label={label} hint="Enter asks; Shift+Enter starts a new line." rows={2} maxLength={4000} value={message} onInput={(e) => setMessage(e.currentTarget.value)} onKeyDown={askOnEnter} />
        <button type="submit" disabled={busy}>
          Ask
        </button>
      </form>
      <Alert message={error} />
    </>
  );
}
