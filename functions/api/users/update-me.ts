import { ok } from '#shared/http/respond.ts';
import { route } from '#shared/http/route.ts';
import { updateUserSettings } from '#shared/store/users.ts';

export const handler = route('PUT /users/me', async ({ caller, body }) => ok({ success: true, user: await updateUserSettings(caller.userId, body) }));
