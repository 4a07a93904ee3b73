// Ask the library: the question's best transcript passages across the user's recordings (the
// search index, any of its words, BM25+), answered from by the language model, which cites
// them as [n] = sources[n-1]. Each passage reaches the model labelled with its recording, so
// the embedded engine's quotes say which recording and when; the sources are exactly the
// passages handed over, so a citation always points at the words it quotes. Budgets as for
// the recording chat.
import type { LibraryChatBody } from '../http/search-schemas.ts';
import type { ChatSource } from '../providers/types.ts';
import { answerFromSources } from '../recordings/chat.ts';
import { checkTokenBudget } from '../store/budgets.ts';
import { bestPassages, type SearchHit } from './search.ts';

export interface LibraryAnswer {
  readonly response: string;
  readonly sources: readonly SearchHit[];
}

/** Passages handed to the model (and listed as sources), best first. */
const SOURCES = 6;

/** What the model reads of a hit: its citation number, and who said it in which recording. */
function asSource(hit: SearchHit, i: number): ChatSource {
  const day = hit.meeting_date.slice(0, 10);
  return {
    segment_index: i + 1,
    speaker: `${hit.speaker ?? 'someone'} in “${hit.title}”${day ? ` (${day})` : ''}`,
    start_time: hit.start_time ?? 0,
    end_time: hit.end_time ?? 0,
    text: hit.text,
  };
}

export async function chatWithLibrary(userId: number, body: LibraryChatBody): Promise<LibraryAnswer> {
  await checkTokenBudget(userId);
  const sources = await bestPassages(userId, body.message, { tag_id: body.tag_id, recording_ids: body.recording_ids, date_from: body.date_from, date_to: body.date_to, transcriptOnly: true }, SOURCES);
  const days = sources.map((s) => s.meeting_date.slice(0, 10)).filter(Boolean).sort();
  const response = await answerFromSources(userId, {
    question: body.message,
    history: body.conversation_history ?? [],
    sources: sources.map(asSource),
    scope: 'library',
    context: {
      title: `Your recordings: passages from ${new Set(sources.map((s) => s.recording_id)).size} of them, each labelled with its recording`,
      meetingDate: days.length ? `${days[0]} to ${days.at(-1)}` : '',
    },
  });
  return { response, sources };
}
