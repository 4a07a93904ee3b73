// Ask the recording a question; the answer lists the transcript segments it used, and each
// source seeks the audio to its moment. Everything is shown as text.
import { useState } from 'preact/hooks';
import { api, call } from '../api/client.ts';
import { Alert, Section, TextArea, useAction } from '../components/form.tsx';
import { clock, type Source } from '../recordings/types.ts';

interface Turn {
  role: 'user' | 'assistant';
  content: string;
  sources?: readonly Source[];
}

export function Chat({ id, seek }: { id: number; seek: (seconds: number) => void }) {
  const [turns, setTurns] = useState<Turn[]>([]);
  const [message, setMessage] = useState('');
  const { busy, error, run } = useAction();
  const ask = (event: Event) => {
    event.preventDefault();
    const question = message.trim();
    if (!question) return;
    void run(async () => {
      const conversation_history = turns.slice(-10).map(({ role, content }) => ({ role, content }));
      const answer = await call(api.POST('/recordings/{id}/chat', { params: { path: { id: String(id) } }, body: { message: question, conversation_history } }));
      setTurns([...turns, { role: 'user', content: question }, { role: 'assistant', content: answer.response, sources: answer.sources }]);
      setMessage('');
    });
  };
  return (
    <Section title="Ask about this recording">
      <ol class="chat" aria-live="polite">
        {turns.map((t, i) => (
          <li key={i} class={t.role}>
            <p>
              <strong>{t.role === 'user' ? 'You' : 'Answer'}:</strong> {t.content}
            </p>
            {t.sources && t.sources.length > 0 && (
              <ul class="sources" aria-label="Sources">
                {t.sources.map((s) => (
                  <li key={s.segment_index}>
                    <button type="button" class="link" onClick={() => seek(s.start_time)}>
                      {clock(s.start_time)} {s.speaker}: {s.text}
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ol>
      <form onSubmit={ask}>
        <TextArea label="Your question" rows={2} maxLength={4000} value={message} onInput={(e) => setMessage(e.currentTarget.value)} />
        <button type="submit" disabled={busy}>
          Ask
        </button>
      </form>
      <Alert message={error} />
    </Section>
  );
}
