// Which credential a request carries. Carriers are checked in a fixed order and the first one
// present wins, with no fallback to a later one when it is invalid.

type Carrier = 'authorization' | 'x-api-token' | 'api-token' | 'query';

export type CredentialLookup =
  | { readonly kind: 'none' }
  | { readonly kind: 'malformed'; readonly carrier: Carrier }
  | { readonly kind: 'token'; readonly carrier: Carrier; readonly token: string };

/** Header names must be lower-cased (API Gateway v2 events deliver them so). */
export function findCredential(headers: Readonly<Record<string, string | undefined>>, query: Readonly<Record<string, string | undefined>>): CredentialLookup {
  const authorization = headers['authorization'];
  if (authorization !== undefined) {
    // Exactly one space after the scheme; the scheme itself is case-insensitive.
    const match = /^bearer ([^\s]+)$/i.exec(authorization);
    return match ? { kind: 'token', carrier: 'authorization', token: match[1]! } : { kind: 'malformed', carrier: 'authorization' };
  }
  for (const carrier of ['x-api-token', 'api-token'] as const) {
    const value = headers[carrier];
    if (value !== undefined) return value.trim() ? { kind: 'token', carrier, token: value.trim() } : { kind: 'malformed', carrier };
  }
  const fromQuery = query['token'];
  if (fromQuery !== undefined) return fromQuery ? { kind: 'token', carrier: 'query', token: fromQuery } : { kind: 'malformed', carrier: 'query' };
  return { kind: 'none' };
}
