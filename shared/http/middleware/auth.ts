// Authentication per decisions §2 and §2b: the first credential present in a header or the
// query wins; a malformed, unknown, expired or revoked one is a 401 (never a redirect), and a
// bad checksum is refused before any database read. Only when no such credential is present
// does the session cookie count, and a mutating request carried by it must pass the CSRF rules.
import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { settings } from '../../config.ts';
import { findCredential } from '../../domain/credentials.ts';
import { ForbiddenError, UnauthorizedError } from '../../domain/errors.ts';
import { csrfRefusal, csrfTokenFor, hashSessionId, requestOrigin, sessionIdFrom, sessionIsLive, sessionSeenIsStale } from '../../domain/sessions.ts';
import { hashToken, isWellFormedToken, lastUsedIsStale, tokenStatus } from '../../domain/tokens.ts';
import { findSession, getCredentials, touchSession } from '../../store/sessions.ts';
import { findTokenByHash, touchToken } from '../../store/tokens.ts';
import { setCaller, type Caller } from '../state.ts';

const INVALID = 'Invalid API token';
const SESSION_ENDED = 'Session expired or signed out';

async function authenticate(event: APIGatewayProxyEventV2, now: Date): Promise<Caller> {
  const credential = findCredential(event.headers ?? {}, event.queryStringParameters ?? {});
  if (credential.kind === 'none') {
    const sessionId = sessionIdFrom(event.cookies);
    if (sessionId) return authenticateSession(event, sessionId, now);
    throw new UnauthorizedError('Authentication required: send an API token as "Authorization: Bearer <token>"');
  }
  // One message for every bad credential: a holder of a stolen token must not learn that it
  // was real (revoked or expired); its owner sees the status in the token list.
  if (credential.kind === 'malformed' || !isWellFormedToken(credential.token)) throw new UnauthorizedError(INVALID);

  const hash = hashToken(credential.token);
  const record = await findTokenByHash(hash);
  if (!record || tokenStatus(record, now.getTime()) !== 'active') throw new UnauthorizedError(INVALID);
  if (lastUsedIsStale(record.last_used_at, now.getTime())) await touchToken(hash, now);
  return { userId: record.user_id, tokenId: record.id };
}

/** The origins a browser may send cookie-carried writes from: ours as seen, and the configured public URL. */
function allowedOrigins(headers: Readonly<Record<string, string | undefined>>): string[] {
  const origins = [requestOrigin(headers)?.origin];
  const base = settings().publicBaseUrl;
  if (base) origins.push(new URL(base).origin);
  return origins.filter((o): o is string => o !== undefined);
}

async function authenticateSession(event: APIGatewayProxyEventV2, sessionId: string, now: Date): Promise<Caller> {
  const limits = settings().sessions;
  const hash = hashSessionId(sessionId);
  const record = await findSession(hash);
  if (!record || !sessionIsLive(record, limits, now.getTime())) throw new UnauthorizedError(SESSION_ENDED);
  // A password change or "sign out everywhere" since it opened moved the user's epoch on.
  if ((await getCredentials(record.user_id))?.sessionEpoch !== record.epoch) throw new UnauthorizedError(SESSION_ENDED);
  const headers = event.headers ?? {};
  const refusal = csrfRefusal({ method: event.requestContext.http.method, headers, sessionId, allowedOrigins: allowedOrigins(headers) });
  if (refusal) throw new ForbiddenError(refusal);
  if (sessionSeenIsStale(record, now.getTime())) await touchSession(record, limits, now);
  return { userId: record.user_id, tokenId: null, session: { hash, csrfToken: csrfTokenFor(sessionId) } };
}

export function auth(isPublic: () => boolean): MiddlewareObj<APIGatewayProxyEventV2> {
  return {
    before: async (request) => {
      if (isPublic()) return;
      setCaller(request.event, await authenticate(request.event, new Date()));
    },
  };
}
