import { accepted } from '#shared/http/respond.ts';
import { route } from '#shared/http/write-route.ts';
import { uploadRoutes } from '#shared/routes/uploads.ts';
import { completeUpload } from '#shared/recordings/presigned.ts';

export const handler = route(uploadRoutes, 'POST /recordings/uploads/{id}/complete', async ({ caller, params, body }) =>
  accepted(await completeUpload(caller.userId, params.id, body.parts)),
);
