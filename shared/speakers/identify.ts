// Proposing names for a recording's speaker labels (POST /recordings/{id}/speakers/identify).
// Proposals only: nothing is stored. The embedded engine ('local') reads self-introductions
// ("hi, I'm Maria", "this is John"); a model that follows instructions (not extractive) is asked through its chat task for
// a JSON object of label → name, read tolerantly, with the introductions filling its gaps.
import { ServiceUnavailableError } from '../domain/errors.ts';
import { introductions, labelOf, labelsOf, namesFromAnswer, type LabelledSegment } from '../domain/speakers.ts';
import { languageModel } from '../providers/registry.ts';
import { ProviderError, type ChatSource } from '../providers/types.ts';
import { checkTokenBudget } from '../store/budgets.ts';
import { getOwnedRecording, type Recording } from '../store/recordings.ts';
import { addUsage } from '../store/usage.ts';
import { requireTranscript } from './transcripts.ts';

export interface Identified {
  readonly success: true;
  /** label → proposed name, only for labels a name was found for. */
  readonly suggestions: Readonly<Record<string, string>>;
}

const MAX_SEGMENTS = 200;
const MAX_CHARS = 20_000;
const ANSWER_TIMEOUT_MS = 25_000;

export async function identifySpeakers(userId: number, id: number): Promise<Identified> {
  const recording = await getOwnedRecording(id, userId);
  const { segments } = await requireTranscript(recording.transcript_key);
  const labels = labelsOf(segments).map((l) => l.label);
  const fromIntroductions = introductions(segments);
  if (labels.length === 0 || (await languageModel()).extractive) return { success: true, suggestions: fromIntroductions };
  const fromModel = await askModel(userId, recording, segments, labels);
  return { success: true, suggestions: byLabel({ ...fromIntroductions, ...fromModel }) };
}

async function askModel(userId: number, recording: Recording, segments: readonly LabelledSegment[], labels: readonly string[]): Promise<Record<string, string>> {
  await checkTokenBudget(userId);
  const question = [
    `Which real names do the speakers labelled ${labels.join(', ')} have?`,
    'Use only what the passages say: people introducing themselves or addressing each other by name.',
    'Answer with only a JSON object that maps each label to a name, for example {"SPEAKER_00": "Maria"}; leave out a label whose name is not said.',
  ].join(' ');
  let answer;
  try {
    answer = await (await languageModel()).answer({
      question,
      history: [],
      sources: sourcesOf(segments),
      context: { title: recording.title, meetingDate: recording.meeting_date },
      signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS),
    });
  } catch (error) {
    if (error instanceof ProviderError) throw new ServiceUnavailableError(`The language model could not answer: ${error.message}`);
    const name = (error as Error | undefined)?.name;
    if (name === 'TimeoutError' || name === 'AbortError') throw new ServiceUnavailableError('The language model took too long to answer; try again');
    throw error;
  }
  const { prompt_tokens, completion_tokens } = answer.usage;
  if (prompt_tokens > 0 || completion_tokens > 0) await addUsage(userId, { prompt_tokens, completion_tokens });
  return namesFromAnswer(answer.text, labels);
}

/** The transcript as passages whose speaker is the label, so the model answers in labels. */
function sourcesOf(segments: readonly LabelledSegment[]): ChatSource[] {
  const sources: ChatSource[] = [];
  let chars = 0;
  for (const [i, s] of segments.entries()) {
    if (sources.length >= MAX_SEGMENTS || chars > MAX_CHARS) break;
    chars += s.sentence.length;
    sources.push({ segment_index: i, speaker: labelOf(s) ?? s.speaker, start_time: s.start_time, end_time: s.end_time, text: s.sentence });
  }
  return sources;
}

const byLabel = (names: Record<string, string>): Record<string, string> =>
  Object.fromEntries(Object.entries(names).sort(([a], [b]) => a.localeCompare(b, 'en', { numeric: true })));
