import { clearedCookie } from '#shared/auth/web.ts';
import { ok } from '#shared/http/respond.ts';
import { route } from '#shared/http/write-route.ts';
import { deleteUserSessions } from '#shared/store/sessions.ts';

export const handler = route('POST /auth/sign-out-everywhere', async ({ caller, event }) => {
  const ended = await deleteUserSessions(caller.userId);
  return { ...ok({ success: true, sessions_ended: ended }), cookies: [clearedCookie(event)] };
});
