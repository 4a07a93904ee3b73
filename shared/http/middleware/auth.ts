// Authentication per decisions §2: the first credential present wins; a malformed, unknown,
// expired or revoked one is a 401 (never a redirect), and a bad checksum is refused before
// any database read.
import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { findCredential } from '../../domain/credentials.ts';
import { UnauthorizedError } from '../../domain/errors.ts';
import { hashToken, isWellFormedToken, lastUsedIsStale, tokenStatus } from '../../domain/tokens.ts';
import { findTokenByHash, touchToken } from '../../store/tokens.ts';
import { setCaller, type Caller } from '../state.ts';

const INVALID = 'Invalid API token';

export async function authenticate(event: APIGatewayProxyEventV2, now: Date): Promise<Caller> {
  const credential = findCredential(event.headers ?? {}, event.queryStringParameters ?? {});
  if (credential.kind === 'none') throw new UnauthorizedError('Authentication required: send an API token as "Authorization: Bearer <token>"');
  // One message for every bad credential: a holder of a stolen token must not learn that it
  // was real (revoked or expired); its owner sees the status in the token list.
  if (credential.kind === 'malformed' || !isWellFormedToken(credential.token)) throw new UnauthorizedError(INVALID);

  const hash = hashToken(credential.token);
  const record = await findTokenByHash(hash);
  if (!record || tokenStatus(record, now.getTime()) !== 'active') throw new UnauthorizedError(INVALID);
  if (lastUsedIsStale(record.last_used_at, now.getTime())) await touchToken(hash, now);
  return { userId: record.user_id, tokenId: record.id };
}

export function auth(isPublic: () => boolean): MiddlewareObj<APIGatewayProxyEventV2> {
  return {
    before: async (request) => {
      if (isPublic()) return;
      setCaller(request.event, await authenticate(request.event, new Date()));
    },
  };
}
