import { describe, expect, it } from 'vitest';
import { findCredential } from '#shared/domain/credentials.ts';

describe('which credential a request carries', () => {
  it.each([
    ['Authorization Bearer', { authorization: 'Bearer a' }, {}, { kind: 'token', carrier: 'authorization', token: 'a' }],
    ['a lower-case scheme', { authorization: 'bearer a' }, {}, { kind: 'token', carrier: 'authorization', token: 'a' }],
    ['X-API-Token', { 'x-api-token': 'b' }, {}, { kind: 'token', carrier: 'x-api-token', token: 'b' }],
    ['API-Token', { 'api-token': 'c' }, {}, { kind: 'token', carrier: 'api-token', token: 'c' }],
    ['?token=', {}, { token: 'd' }, { kind: 'token', carrier: 'query', token: 'd' }],
    ['nothing', {}, {}, { kind: 'none' }],
  ])('finds %s', (_, headers, query, expected) => {
    expect(findCredential(headers, query)).toEqual(expected);
  });

  it.each([
    ['Authorization over all others', { authorization: 'Bearer a', 'x-api-token': 'b', 'api-token': 'c' }, { token: 'd' }, 'a'],
    ['X-API-Token over API-Token and the query', { 'x-api-token': 'b', 'api-token': 'c' }, { token: 'd' }, 'b'],
    ['API-Token over the query', { 'api-token': 'c' }, { token: 'd' }, 'c'],
  ])('prefers %s', (_, headers, query, token) => {
    expect(findCredential(headers, query)).toMatchObject({ kind: 'token', token });
  });

  it.each([
    ['another scheme', 'Basic dXNlcjpwYXNz'],
    ['two spaces', 'Bearer  a'],
    ['no token', 'Bearer'],
    ['no space', 'Bearera'],
    ['a trailing part', 'Bearer a b'],
  ])('does not fall back to a later carrier when Authorization has %s', (_, authorization) => {
    expect(findCredential({ authorization, 'x-api-token': 'valid' }, { token: 'valid' })).toEqual({ kind: 'malformed', carrier: 'authorization' });
  });

  it('treats an empty X-API-Token as a malformed credential, not as absent', () => {
    expect(findCredential({ 'x-api-token': ' ', 'api-token': 'c' }, {})).toEqual({ kind: 'malformed', carrier: 'x-api-token' });
  });
});
