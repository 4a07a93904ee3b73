// Getting recordings in: multipart upload and the presigned flow.
import * as z from 'zod/mini';
import * as s from '../http/schemas.ts';
import type { RouteSpec } from './spec.ts';

export const uploadRoutes = {
  'POST /recordings/upload': {
    handler: 'recordings/upload',
    summary: 'Upload a recording (multipart/form-data) and queue its transcription',
    description:
      'The file is streamed to storage and checked from its bytes (415 if not audio or video). A request is passed to the function inside a 6 MB Lambda event, where a binary body counts in base64: files over about 4.4 MB get 413 before the service sees them, on AWS and locally. Use the presigned flow (POST /recordings/uploads) for larger files.',
    tag: 'Recordings',
    rateClass: 'processing',
    auth: 'token',
    streamBody: s.uploadForm,
    responses: { 202: { description: 'Accepted and queued', schema: s.uploadResult } },
  },
  'POST /recordings/uploads': {
    handler: 'recordings/uploads-create',
    summary: 'Start a presigned upload: the answer says where to PUT the bytes',
    description: 'For files of any size, and the only way for large files on AWS. Up to 100 MB: one presigned PUT (send the headers given). Larger: a multipart plan of presigned part URLs; keep the ETag of each part. Then POST /recordings/uploads/{id}/complete.',
    tag: 'Recordings',
    rateClass: 'processing',
    auth: 'token',
    body: s.declareUploadBody,
    responses: { 201: { description: 'Where and how to upload', schema: s.uploadPlan } },
  },
  'POST /recordings/uploads/{id}/complete': {
    handler: 'recordings/uploads-complete',
    summary: 'Finish a presigned upload: the file is checked and queued, exactly as a multipart upload',
    tag: 'Recordings',
    rateClass: 'processing',
    auth: 'token',
    params: () => z.object({ id: z.string().check(z.regex(/^[0-9a-f-]{36}$/, 'must be an upload_id')) }),
    body: s.completeUploadBody,
    responses: { 202: { description: 'Accepted and queued', schema: s.uploadResult } },
  },
} as const satisfies Record<string, RouteSpec>;
