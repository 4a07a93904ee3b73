// Ask the recording a question; the answer lists the transcript segments it used, and each
// source seeks the audio to its moment.
import { api, call } from '../api/client.ts';
import { Conversation } from '../components/conversation.tsx';
import { Section } from '../components/form.tsx';
import { clock, type Source } from '../recordings/types.ts';

/** Questions every recording can answer (the offline engine included: recordings/task-questions.ts, whole-recording.ts). */
const SUGGESTIONS = ['What are the action items?', 'What was decided?', 'Who spoke?', 'Summarise this recording'];

export function Chat({ id, seek }: { id: number; seek: (seconds: number) => void }) {
  const ask = (message: string, conversation_history: { role: 'user' | 'assistant'; content: string }[]) =>
    call(api.POST('/recordings/{id}/chat', { params: { path: { id: String(id) } }, body: { message, conversation_history } }));
  return (
    <Section title="Ask about this recording">
      <Conversation<Source>
        label="Your question"
        ask={ask}
        suggestions={SUGGESTIONS}
        source={(s) => (
          <button type="button" class="link" onClick={() => seek(s.start_time)}>
            {clock(s.start_time)} {s.speaker}: {s.text}
          </button>
        )}
      />
    </Section>
  );
}
