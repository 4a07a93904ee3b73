// The speakers of one recording: its diarisation labels with the names they carry and, from
// each label's voice embedding, the saved profiles it sounds like (decisions §6: cosine × 100,
// one decimal, threshold 60, top 3; embeddings of another dimension are never compared).
import { labelsOf, nameKey, suggestionsFor, type Suggestion } from '../domain/speakers.ts';
import { getOwnedRecording } from '../store/recordings.ts';
import { listSpeakers } from '../store/speakers.ts';
import { embeddingOf, readTranscript } from './transcripts.ts';

interface RecordingSpeaker {
  readonly label: string;
  readonly identified_name: string | null;
  readonly speaker_id: number | null;
  readonly segment_count: number;
}

export interface RecordingSpeakers {
  readonly speakers: readonly RecordingSpeaker[];
  readonly suggestions: Readonly<Record<string, readonly Suggestion[]>>;
}

const DEFAULT_THRESHOLD = 60;
const TOP_SUGGESTIONS = 3;

export async function recordingSpeakers(userId: number, id: number, threshold = DEFAULT_THRESHOLD): Promise<RecordingSpeakers> {
  const recording = await getOwnedRecording(id, userId);
  const transcript = await readTranscript(recording.transcript_key);
  if (!transcript) return { speakers: [], suggestions: {} };
  const labels = labelsOf(transcript.segments);
  const saved = labels.length > 0 ? await listSpeakers(userId) : [];
  const byName = new Map(saved.map((s) => [nameKey(s.name), s.id]));
  const speakers = labels.map((l) => ({ ...l, speaker_id: l.identified_name === null ? null : (byName.get(nameKey(l.identified_name)) ?? null) }));
  const suggestions = Object.fromEntries(labels.map((l) => [l.label, suggestionsFor(embeddingOf(transcript, l.label), saved, { threshold, top: TOP_SUGGESTIONS })]));
  return { speakers, suggestions };
}
