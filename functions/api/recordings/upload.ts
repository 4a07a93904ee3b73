import { uploadRecording } from '#shared/recordings/upload.ts';
import { accepted } from '#shared/http/respond.ts';
import { route } from '#shared/http/write-route.ts';
import { uploadRoutes } from '#shared/routes/uploads.ts';

export const handler = route(uploadRoutes, 'POST /recordings/upload', async ({ caller, event }) => accepted(await uploadRecording(caller.userId, event)));
