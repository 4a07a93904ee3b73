// What the sign-in handlers share: the cookie for a request, the session view, the admin check.
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { settings } from '../config.ts';
import { ForbiddenError, NotFoundError } from '../domain/errors.ts';
import { clearedSessionCookie, requestOrigin, sessionCookie } from '../domain/sessions.ts';
import { getProfile, getUser, type User } from '../store/users.ts';
import type { NewSession } from './sessions.ts';

const secure = (event: APIGatewayProxyEventV2) => requestOrigin(event.headers ?? {})?.secure ?? false;

export const cookieFor = (event: APIGatewayProxyEventV2, session: NewSession) => sessionCookie(session.sessionId, secure(event), settings().sessions.absoluteSeconds);
export const clearedCookie = (event: APIGatewayProxyEventV2) => clearedSessionCookie(secure(event));

export async function sessionView(userId: number, csrfToken: string | null) {
  const user = await getProfile(userId);
  if (!user) throw new NotFoundError('User not found');
  return { success: true, user, csrf_token: csrfToken };
}

export async function requireAdmin(userId: number): Promise<User> {
  const user = await getUser(userId);
  if (!user?.is_admin) throw new ForbiddenError('Only administrators may do this');
  return user;
}

/** Where links point: the configured public URL, else the origin the request came to. */
export function baseUrlOf(event: APIGatewayProxyEventV2): string {
  return settings().publicBaseUrl ?? requestOrigin(event.headers ?? {})?.origin ?? 'http://127.0.0.1:3000';
}
