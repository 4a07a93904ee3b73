// What a user does with their speakers: list, create, rename (which reaches every recording
// the speaker is in) and delete. Names are unique per user, case-insensitively.
import { cleanName } from '../domain/speakers.ts';
import * as store from '../store/speakers.ts';
import type { Speaker } from '../store/speakers.ts';
import type { Cascade } from './rename.ts';

export interface SpeakerView {
  readonly id: number;
  readonly name: string;
  readonly use_count: number;
  readonly last_used: string | null;
  readonly confidence_score: number;
  readonly has_voice_profile: boolean;
  readonly embedding_count: number;
  readonly created_at: string;
}

function viewSpeaker(s: Speaker): SpeakerView {
  return {
    id: s.id,
    name: s.name,
    use_count: s.use_count,
    last_used: s.last_used,
    confidence_score: s.confidence_score,
    has_voice_profile: Array.isArray(s.voice_embedding) && s.voice_embedding.length > 0,
    embedding_count: s.embedding_count,
    created_at: s.created_at,
  };
}

/** Most used first, then most recently used (Speakr's order), then by name. */
export async function listSpeakers(userId: number): Promise<{ speakers: SpeakerView[] }> {
  const speakers = await store.listSpeakers(userId);
  speakers.sort((a, b) => b.use_count - a.use_count || (b.last_used ?? '').localeCompare(a.last_used ?? '') || a.name.localeCompare(b.name));
  return { speakers: speakers.map(viewSpeaker) };
}

export async function createSpeaker(userId: number, name: string): Promise<SpeakerView> {
  return viewSpeaker(await store.createSpeaker(userId, cleanName(name)));
}

/** The speaker under a name, created when the user has none by it (assignments name speakers freely). */
export async function speakerNamed(userId: number, name: string): Promise<Speaker> {
  const existing = await store.findSpeakerByName(userId, name);
  if (existing) return existing;
  try {
    return await store.createSpeaker(userId, cleanName(name));
  } catch (error) {
    // Created by a concurrent request in the meantime.
    const raced = await store.findSpeakerByName(userId, name);
    if (raced) return raced;
    throw error;
  }
}

export async function renameSpeaker(userId: number, id: number, name: string): Promise<{ success: true; speaker: SpeakerView } & Cascade> {
  const speaker = await store.getOwnedSpeaker(id, userId);
  const next = cleanName(name);
  if (next === speaker.name) return { success: true, speaker: viewSpeaker(speaker), recordings_updated: 0, cascade: 'done' };
  const renamed = await store.renameSpeakerItem(speaker, next);
  // The cascade (transcripts in S3, the queue) loads with the first rename: listing, creating
  // and deleting speakers do not load S3's and SQS's clients at cold start.
  const { cascadeRename } = await import('./rename.ts');
  const cascade = await cascadeRename(renamed, speaker.name);
  return { success: true, speaker: viewSpeaker(renamed), ...cascade };
}

/** Transcripts keep the name as text; the profile and the links go. */
export async function deleteSpeaker(userId: number, id: number): Promise<{ success: true }> {
  await store.deleteSpeakerItems(await store.getOwnedSpeaker(id, userId));
  return { success: true };
}
