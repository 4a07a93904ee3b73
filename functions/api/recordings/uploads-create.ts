import { created } from '#shared/http/respond.ts';
import { route } from '#shared/http/write-route.ts';
import { uploadRoutes } from '#shared/routes/uploads.ts';
import { declareUpload } from '#shared/recordings/presigned.ts';

export const handler = route(uploadRoutes, 'POST /recordings/uploads', async ({ caller, body }) => {
  const { filename, size, content_type, ...fields } = body;
  return created(await declareUpload(caller.userId, { filename, size, content_type, fields }));
});
