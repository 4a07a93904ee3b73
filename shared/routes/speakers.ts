// Speakers: the caller's named speakers with their voice profiles, and the speakers of one
// recording (labels, names, voice-based suggestions, assignment, name proposals).
import * as z from 'zod/mini';
import * as s from '../http/speaker-schemas.ts';
import type { RouteSpec } from './spec.ts';

const tag = 'Speakers';
const read = { tag, rateClass: 'read', auth: 'token' } as const;
const write = { tag, rateClass: 'write', auth: 'token' } as const;
const processing = { tag, rateClass: 'processing', auth: 'token' } as const;

export const speakerRoutes = {
  'GET /speakers': {
    ...read,
    handler: 'speakers/list',
    summary: 'List your speakers, most used first',
    responses: { 200: { description: 'Your speakers', schema: s.speakerList } },
  },
  'POST /speakers': {
    ...write,
    handler: 'speakers/create',
    summary: 'Create a speaker',
    body: s.speakerNameBody,
    responses: { 201: { description: 'The new speaker', schema: s.speakerView }, 409: { description: 'You already have a speaker by this name (names are case-insensitive)' } },
  },
  'PUT /speakers/{id}': {
    ...write,
    handler: 'speakers/update',
    summary: 'Rename a speaker; the new name replaces the old in every recording it is in',
    description: 'Transcript segments and participants of every recording the speaker was assigned in are rewritten (each participants change emits recording.updated). Up to 20 recordings are rewritten before the answer; more are queued and rewritten shortly after (cascade: "queued").',
    params: s.speakerParams,
    body: s.speakerNameBody,
    responses: { 200: { description: 'The renamed speaker and how many recordings it reaches', schema: s.renamedSpeaker }, 409: { description: 'You already have a speaker by this name' } },
  },
  'DELETE /speakers/{id}': {
    ...write,
    handler: 'speakers/delete',
    summary: 'Delete a speaker and its voice profile (transcripts keep the name as text)',
    params: s.speakerParams,
    responses: { 200: { description: 'Deleted', schema: () => z.object({ success: z.boolean() }) } },
  },
  'GET /recordings/{id}/speakers': {
    ...read,
    handler: 'recordings/speakers',
    summary: "The recording's speaker labels with their names, and voice-based suggestions per label",
    description: 'Suggestions compare each label\'s voice embedding with your saved voice profiles: cosine similarity × 100, one decimal, at least `threshold` (default 60), at most 3 per label. Embeddings of different dimensions are never compared.',
    params: s.speakerParams,
    query: s.recordingSpeakersQuery,
    responses: { 200: { description: 'Speakers and suggestions', schema: s.recordingSpeakers } },
  },
  'PUT /recordings/{id}/speakers/assign': {
    ...write,
    handler: 'recordings/speakers-assign',
    summary: 'Name the speaker labels of a recording; updates the voice profiles',
    description: 'Segments of each label get the name (the label stays on the segment), participants are recomputed, speakers missing by name are created, and each newly assigned speaker takes in the label\'s voice embedding (70 % old, 30 % new). regenerate_summary queues a summary (409 while the recording is queued or being worked on).',
    params: s.speakerParams,
    body: s.assignBody,
    responses: { 200: { description: 'The recording with its new participants', schema: s.assigned } },
  },
  'POST /recordings/{id}/speakers/identify': {
    ...processing,
    handler: 'recordings/speakers-identify',
    summary: 'Propose names for the speaker labels from what is said (changes nothing)',
    params: s.speakerParams,
    responses: { 200: { description: 'Proposed names per label', schema: s.identified }, 400: { description: 'The recording has no transcript' } },
  },
} as const satisfies Record<string, RouteSpec>;
