// A conversation with the chat routes (one recording's or the whole library's): the turns so far,
// each answer with its sources rendered by the caller, and the question form. Everything is text.
import type { ComponentChildren } from 'preact';
import { useId, useState } from 'preact/hooks';
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

interface ConversationProps<S> {
  readonly label: string;
  readonly ask: (message: string, history: History) => Promise<{ response: string; sources: readonly S[] }>;
  readonly source: (s: S) => ComponentChildren;
  /** Questions offered as buttons that ask them at once. */
  readonly suggestions?: readonly string[];
}

/** Questions offered under the form, each a button that asks it. */
function Suggestions({ questions, busy, ask }: { questions: readonly string[]; busy: boolean; ask: (question: string) => void }) {
  const id = useId();
  if (questions.length === 0) return null;
  return (
    <>
      <p id={`${id}-try`} class="hint try">
        Questions to try:
      </p>
      <ul class="suggestions" aria-labelledby={`${id}-try`}>
        {questions.map((question) => (
          <li key={question}>
            <button type="button" class="secondary" disabled={busy} onClick={() => ask(question)}>
              {question}
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}

export function Conversation<S>({ label, ask, source, suggestions = [] }: ConversationProps<S>) {
  const [turns, setTurns] = useState<Turn<S>[]>([]);
  const [message, setMessage] = useState('');
  const { busy, error, run } = useAction();
  const send = (question: string, typed: boolean) => {
    if (!question || busy) return;
    void run(async () => {
      const answer = await ask(question, turns.slice(-10).map(({ role, content }) => ({ role, content })));
      setTurns([...turns, { role: 'user', content: question }, { role: 'assistant', content: answer.response, sources: answer.sources }]);
      if (typed) setMessage('');
    });
  };
  const submit = (event: Event) => {
    event.preventDefault();
    send(message.trim(), true);
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
      <Suggestions questions={suggestions} busy={busy} ask={(question) => send(question, false)} />
      <Alert message={error} />
    </>
  );
}
