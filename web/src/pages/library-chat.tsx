// Ask the whole library: the answer quotes passages of any recording, and each source opens its
// recording with the audio at that moment.
import { api, call } from '../api/client.ts';
import { Conversation } from '../components/conversation.tsx';
import { HitText } from '../recordings/hit-text.tsx';
import { clock, hitLink, type LibraryAnswer } from '../recordings/types.ts';
import { PageHeading } from '../components/page-heading.tsx';

/** Questions the library answers from its newest recordings, the offline engine included (recordings/task-questions.ts). */
const SUGGESTIONS = ['What are my action items?', 'What was decided?', 'What are the deadlines?'];

export function LibraryChat() {
  return (
    <>
      <PageHeading text="Ask your library" />
      <Conversation<LibraryAnswer['sources'][number]>
        label="Your question about all your recordings"
        ask={(message, conversation_history) => call(api.POST('/chat', { body: { message, conversation_history } }))}
        suggestions={SUGGESTIONS}
        source={(s) => (
          <>
            <a href={hitLink(s)}>
              {s.title}
              {s.start_time === null ? '' : ` at ${clock(s.start_time)}`}
            </a>
            {': '}
            {s.speaker && <strong>{s.speaker}: </strong>}
            <HitText hit={s} />
          </>
        )}
      />
    </>
  );
}
