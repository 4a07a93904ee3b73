// Single-table design. Every item has PK and SK; GSI1 and GSI2 carry secondary access paths.
// `ttl` (epoch seconds) lets DynamoDB expire short-lived items; deletion is lazy, so readers
// check it themselves.
//
// | Item             | PK                          | SK           | GSI1 (PK / SK)                      | GSI2 (PK / SK)              |
// |------------------|-----------------------------|--------------|-------------------------------------|-----------------------------|
// | id counter       | COUNTER#<name>              | COUNTER      |                                     |                             |
// | user             | USER#<id>                   | PROFILE      |                                     | USERS / USER#<id padded>    |
// | email guard      | EMAIL#<lower-case email>    | EMAIL        |                                     |                             |
// | group            | GROUP#<id>                  | PROFILE      |                                     | GROUPS / GROUP#<id padded>  |
// | group name guard | GROUPNAME#<lower-case name> | GROUPNAME    |                                     |                             |
// | membership       | USER#<uid>                  | MEMBER#<gid> | GROUP#<gid> / MEMBER#<uid padded>   |                             |
// | API token        | TOKEN#<sha256 hex>          | TOKEN        | USER#<uid>#TOKENS / TOKEN#<id pad>  | TOKENID#<id> / TOKEN        |
// | rate window      | RATE#<uid>#<class>#<start>  | RATE         |                                     |                             |
// | idempotency      | IDEMPOTENCY#<key hash>      | IDEMPOTENCY  |                                     |                             |
//
// Access patterns:
// - authenticate a request: GetItem TOKEN#<hash> (strongly consistent, so a revoke is final at once)
// - /users/me: Query PK = USER#<uid> (profile and memberships in one call)
// - a user's tokens: Query GSI1 USER#<uid>#TOKENS; one token by id: Query GSI2 TOKENID#<id>
// - user by email: GetItem EMAIL#<email> then USER#<id>
// - count a request: UpdateItem ADD on the rate window item (one call, returns the count)
import { settings } from '../config.ts';

export const key = {
  counter: (name: string) => ({ PK: `COUNTER#${name}`, SK: 'COUNTER' }),
  user: (id: number) => ({ PK: `USER#${id}`, SK: 'PROFILE' }),
  email: (email: string) => ({ PK: `EMAIL#${email.toLowerCase()}`, SK: 'EMAIL' }),
  group: (id: number) => ({ PK: `GROUP#${id}`, SK: 'PROFILE' }),
  groupName: (name: string) => ({ PK: `GROUPNAME#${name.toLowerCase()}`, SK: 'GROUPNAME' }),
  membership: (userId: number, groupId: number) => ({ PK: `USER#${userId}`, SK: `MEMBER#${groupId}` }),
  token: (hash: string) => ({ PK: `TOKEN#${hash}`, SK: 'TOKEN' }),
  rateWindow: (userId: number, rateClass: string, start: number) => ({
    PK: `RATE#${userId}#${rateClass}#${start}`,
    SK: 'RATE',
  }),
  idempotency: (id: string) => ({ PK: `IDEMPOTENCY#${id}`, SK: 'IDEMPOTENCY' }),
};

/** Zero-padded ids sort numerically as strings. */
export function padId(id: number): string {
  return String(id).padStart(12, '0');
}

export function tableName(): string {
  return settings().tableName;
}

const KEY_ATTRIBUTES = new Set(['PK', 'SK', 'GSI1PK', 'GSI1SK', 'GSI2PK', 'GSI2SK', 'ttl']);

/** Strips the key attributes off an item before it leaves the store. */
export function withoutKeys(item: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(item).filter(([name]) => !KEY_ATTRIBUTES.has(name)));
}
