// Ask the library: the question's best transcript passages across the user's recordings (the
// search index, any of its words, BM25+), answered from by the language model, which cites
// them as [n] = sources[n-1]. Each passage reaches the model labelled with its recording, so
// the embedded engine's quotes say which recording and when; the sources are exactly the
// passages handed over, so a citation always points at the words it quotes. A question naming
// a speaker of the user's library ("What did Maria say about the budget?", by any word of the
// name) keeps to that speaker's passages, as the recording chat does; a name in the library that
// was never given to a voice has no passages, and does not narrow anything. A question for the
// action items, deadlines or decisions ("What are my action items?", "What did Maria agree to
// do?") names no word that was said: it gets the segments that give them, by the recording
// chat's rules (../recordings/task-questions.ts), from the newest recordings within the filters,
// and BM25's passages only when none has any. "My" and "I" are the asker's voice when one of
// the library's voices carries the asker's name, else the whole library's. Budgets as for the
// recording chat.
import type { LibraryChatBody } from '../http/search-schemas.ts';
import type { ChatSource } from '../providers/types.ts';
import { answerFromSources, voiceOfAsker } from '../recordings/chat.ts';
import type { SpeakerQuery } from '../recordings/retrieval.ts';
import { checkTokenBudget } from '../store/budgets.ts';
import { assignedSpeakerNames } from '../store/speakers.ts';
import { getUserSettings } from '../store/users.ts';
import { bestPassages, pickedPassages, type SearchHit } from './search.ts';

export interface LibraryAnswer {
  readonly response: string;
  readonly sources: readonly SearchHit[];
}

/** Passages handed to the model (and listed as sources), best first. */
const SOURCES = 6;

/** The day each hit's meeting was on its recording's clock (its owner's, for one made before zones). */
async function meetingDays(userId: number, hits: readonly SearchHit[]): Promise<string[]> {
  if (hits.length === 0) return [];
  const { isoInZone } = await import('../domain/time-zones.ts');
  const userZone = hits.some((h) => h.time_zone === null) ? (await getUserSettings(userId)).time_zone : 'UTC';
  return hits.map((h) => {
    const ms = Date.parse(h.meeting_date);
    return Number.isNaN(ms) ? '' : isoInZone(ms, h.time_zone ?? userZone).slice(0, 10);
  });
}

/** What the model reads of a hit: its citation number, and who said it in which recording on which day. */
function asSource(hit: SearchHit, i: number, day: string): ChatSource {
  return {
    segment_index: i + 1,
    speaker: `${hit.speaker ?? 'someone'} in “${hit.title}”${day ? ` (${day})` : ''}`,
    start_time: hit.start_time ?? 0,
    end_time: hit.end_time ?? 0,
    text: hit.text,
  };
}

/** The question's speakers (of the library's names ever given to a voice), what to search for, and whether it asks for the tasks or decisions. */
async function whatIsAsked(userId: number, question: string): Promise<SpeakerQuery> {
  const names = await assignedSpeakerNames(userId);
  // The NLP behind it loads on first use, as for the recording chat: not at the function's init.
  const { asksForOwn, speakerQuery } = await import('../recordings/retrieval.ts');
  return speakerQuery(names, question, asksForOwn(question) ? await voiceOfAsker(userId, names) : undefined);
}

export async function chatWithLibrary(userId: number, body: LibraryChatBody): Promise<LibraryAnswer> {
  await checkTokenBudget(userId);
  const { query, speakers, answering } = await whatIsAsked(userId, body.message);
  const filters = { tag_id: body.tag_id, recording_ids: body.recording_ids, date_from: body.date_from, date_to: body.date_to, transcriptOnly: true };
  // "What are my action items?" names nothing said: the tasks are read from the newest recordings, and owned by the speakers it names.
  const picked = answering ? await pickedPassages(userId, filters, answering, SOURCES) : [];
  const sources = picked.length > 0 ? picked : await bestPassages(userId, query, { ...filters, speakers }, SOURCES);
  const sourceDays = await meetingDays(userId, sources);
  const days = sourceDays.filter(Boolean).sort();
  const response = await answerFromSources(userId, {
    question: body.message,
    history: body.conversation_history ?? [],
    sources: sources.map((s, i) => asSource(s, i, sourceDays[i]!)),
    scope: 'library',
    listing: picked.length > 0,
    context: {
      title: `Your recordings: passages from ${new Set(sources.map((s) => s.recording_id)).size} of them, each labelled with its recording`,
      meetingDate: days.length ? `${days[0]} to ${days.at(-1)}` : '',
    },
  });
  return { response, sources };
}
