// Getting recordings in: multipart upload and the presigned flow.
import * as s from '../http/schemas.ts';
import type { RouteSpec } from './spec.ts';

export const uploadRoutes = {
  'POST /recordings/upload': {
    handler: 'recordings/upload',
    summary: 'Upload a recording (multipart/form-data) and queue its transcription',
    description:
      'The file is streamed to storage and checked from its bytes (415 if not audio or video). On AWS, API Gateway refuses bodies over about 6 MB with its own 413 before the service sees them: use the presigned flow (POST /recordings/uploads) for larger files. Locally this route takes files up to UPLOAD_MAX_MB.',
    tag: 'Recordings',
    rateClass: 'processing',
    auth: 'token',
    streamBody: s.uploadForm,
    responses: { 202: { description: 'Accepted and queued', schema: s.uploadResult } },
  },
} as const satisfies Record<string, RouteSpec>;
