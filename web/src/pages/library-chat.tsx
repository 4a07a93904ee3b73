// Ask the whole library: the answer quotes passages of any recording, and each source opens its
// recording with the audio at that moment. Everything is shown as text.
import { useState } from 'preact/hooks';
import { api, call } from '../api/client.ts';
import { Alert, TextArea, useAction } from '../components/form.tsx';
import { HitText } from '../recordings/hit-text.tsx';
import { clock, hitLink, type LibraryAnswer } from '../recordings/types.ts';

interface Turn {
  role: 'user' | 'assistant';
  content: string;
  sources?: LibraryAnswer['sources'];
}

export function LibraryChat() {
  const [turns, setTurns] = useState<Turn[]>([]);
  const [message, setMessage] = useState('');
  const { busy, error, run } = useAction();
  const ask = (event: Event) => {
    event.preventDefault();
    const question = message.trim();
    if (!question) return;
    void run(async () => {
      const conversation_history = turns.slice(-10).map(({ role, content }) => ({ role, content }));
      const answer = await call(api.POST('/chat', { body: { message: question, conversation_history } }));
      setTurns([...turns, { role: 'user', content: question }, { role: 'assistant', content: answer.response, sources: answer.sources }]);
      setMessage('');
    });
  };
  return (
    <>
      <h1>Ask your library</h1>
      <ol class="chat" aria-live="polite">
        {turns.map((t, i) => (
          <li key={i} class={t.role}>
            <p>
              <strong>{t.role === 'user' ? 'You' : 'Answer'}:</strong> {t.content}
            </p>
            {t.sources && t.sources.length > 0 && (
              <ol class="sources" aria-label="Sources">
                {t.sources.map((s) => (
                  <li key={`${s.recording_id}-${s.field}-${s.segment_index}`}>
                    <a href={hitLink(s)}>
                      {s.title}
                      {s.start_time === null ? '' : ` at ${clock(s.start_time)}`}
                    </a>
                    {': '}
                    {s.speaker && <strong>{s.speaker}: </strong>}
                    <HitText hit={s} />
                  </li>
                ))}
              </ol>
            )}
          </li>
        ))}
      </ol>
      <form onSubmit={ask}>
        <TextArea label="Your question about all your recordings" rows={2} maxLength={4000} value={message} onInput={(e) => setMessage(e.currentTarget.value)} />
        <button type="submit" disabled={busy}>
          Ask
        </button>
      </form>
      <Alert message={error} />
    </>
  );
}
