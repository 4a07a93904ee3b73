// Ask the library: the question's best transcript passages across the user's recordings (the
// search index, any of its words, BM25+), answered from by the language model, which cites
// them as [n] = sources[n-1]. Each passage reaches the model labelled with its recording, so
// the embedded engine's quotes say which recording and when; the sources are exactly the
// passages handed over, so a citation always points at the words it quotes. A question naming
// a speaker of the user's library ("What did Maria say about the budget?", by any word of the
// name) keeps to that speaker's passages, as the recording chat does; a name in the library that
// was never given to a voice has no passages, and does not narrow anything. Budgets as for the
// recording chat.
import type { LibraryChatBody } from '../http/search-schemas.ts';
import type { ChatSource } from '../providers/types.ts';
import { answerFromSources } from '../recordings/chat.ts';
import { searchTerms } from '../recordings/retrieval.ts';
import { asksBeyondTheSpeakers, namedSpeakers } from '../recordings/whole-recording.ts';
import { checkTokenBudget } from '../store/budgets.ts';
import { assignedSpeakerNames } from '../store/speakers.ts';
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

interface Asked {
  /** What to search for: the question, less the speakers' names when it asks about more than them. */
  readonly query: string;
  /** The speakers of the user's library the question names (a word of the name), of those ever named in a transcript; undefined when none. */
  readonly speakers?: string[];
}

async function whatIsAsked(userId: number, question: string): Promise<Asked> {
  const names = await assignedSpeakerNames(userId);
  const asSegments = names.map((speaker) => ({ speaker, sentence: '', start_time: 0, end_time: 0 }));
  const terms = searchTerms(question);
  const { speakers, nameStems } = namedSpeakers(asSegments, question, terms, searchTerms);
  if (speakers.size === 0) return { query: question };
  // "What did Maria say about the tomatoes?": her name would match every passage of hers.
  const isName = (word: string) => searchTerms(word).some((stem) => nameStems.has(stem));
  const query = asksBeyondTheSpeakers(terms, nameStems) ? question.split(/\s+/).filter((word) => !isName(word)).join(' ') : question;
  return { query, speakers: [...speakers] };
}

export async function chatWithLibrary(userId: number, body: LibraryChatBody): Promise<LibraryAnswer> {
  await checkTokenBudget(userId);
  const { query, speakers } = await whatIsAsked(userId, body.message);
  const filters = { tag_id: body.tag_id, recording_ids: body.recording_ids, date_from: body.date_from, date_to: body.date_to, speakers, transcriptOnly: true };
  const sources = await bestPassages(userId, query, filters, SOURCES);
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
