// Single-table design. Every item has PK and SK; GSI1 and GSI2 carry secondary access paths;
// GSI3 and GSI4 only the recordings list's title and file-size orders (list entries).
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
// | rate window      | RATE#<uid>#<class>#<start>  | RATE         |                                     |                             | (class `deliveries`: deliveries a user queued in a 5 s window)
// | web session      | SESSION#<sha256 hex>        | SESSION      | USER#<uid>#SESSIONS / SESSION#<created_at> |                      |
// | sign-in link     | SIGNINLINK#<sha256 hex>     | LINK         |                                     |                             |
// | sign-in failures | SIGNINFAIL#<account or address hash> | FAIL |                                  |                             |
// | idempotency      | IDEMPOTENCY#<key hash>      | IDEMPOTENCY  |                                     |                             |
// | recording        | REC#<id>                    | REC          | USER#<uid>#RECS / <created_at>#<id> | QUEUE#PENDING / <queued_at>#<id> (PENDING); QUEUE#ACTIVE / <lease_until>#<id> (worked on); QUEUE#SUMMARY / <sent_at>#<id> (SUMMARIZING, no worker yet) |
// | recording texts  | REC#<id>                    | TEXT         |                                     |                             |
// | list entry       | LIST#<rid>                  | <facet>: ALL, S#<status group>, I#<0|1>, F#<0|1>, T#<tag id> | LIST#<uid>#<facet> / <created_at>#<id> | LIST#<uid>#<facet> / <meeting_date>#<id> | (GSI3: same PK / <title key>\u0001<id>; GSI4: same PK / <file size padded>#<id>)
// | list done        | LIST#<rid>                  | DONE         | LISTDONE#<uid> / <completed_at>#<id> | LISTDONE#ALL / <completed_at>#<id> | (only while completed_at is set)
// | list trigram     | LISTGRAM#<uid>#<trigram>    | <rid padded> |                                     |                             | (`search`: the lower-cased title and participants; `at`: the recording's created_at, epoch ms)
// | postings marker  | LIST#<rid>                  | GRAMS        | LISTGRAMS#PENDING / <changed at>#<rid> (until its postings follow) | | (`text`, `was`, `created_at`, `v`: list-postings.ts)
// | list counters    | LISTCOUNT#<uid>             | SHARD#<rid mod 8> |                                |                             | (cells c_<group>_<inbox><starred>, t_<tag id>, bytes)
// | day counters     | LISTDAYS#<uid>              | <yyyy-mm>#<rid mod 8> |                            |                             | (cells d<dd>: recordings created that UTC day)
// | service counters | LISTCOUNT#ALL               | SHARD#<rid mod 16, 2 digits> |                     |                             | (cells c_<group>_<inbox><starred>, bytes: every user's recordings)
// | service days     | LISTDAYS#ALL                | <yyyy-mm-dd>#<rid mod 16, 2 digits> |              |                             | (n: recordings created that UTC day; u<uid>: how many of them are that user's)
// | calendar event   | REC#<id>                    | EVENT#<id padded> |                                |                             |
// | same-bytes guard | SHA#<uid>#<sha256>          | SHA          |                                     |                             |
// | keyed upload     | UPLOADREQ#<uid>#<Idempotency-Key> | UPLOADREQ |                                 |                             |
// | outbox event     | EVENT#<uuid>                | EVENT        | OUTBOX / <created_at>#<uuid> (until published) | REC#<id>#EVENTS / <seq padded> |
// | upload session   | UPLOAD#<uuid>               | UPLOAD       |                                     |                             |
// | webhook          | WEBHOOK#<id>                | WEBHOOK      | USER#<uid>#WEBHOOKS / WEBHOOK#<id>  |                             |
// | webhook count    | WEBHOOKS#<uid>              | COUNT        |                                     |                             |
// | delivery         | DELIVERY#<uuid>             | DELIVERY     | WEBHOOK#<id>#DELIVERIES / <created_at>#<uuid> | DELIVERIES#DUE / <next_attempt_at>#<uuid> (while pending or retrying) |
// | daily usage      | USAGE#<uid>                 | <yyyy-mm-dd> | USAGEDAY#<yyyy-mm-dd> / USER#<uid>  |                             |
// | service usage    | USAGE#ALL                   | <yyyy-mm-dd>#<uid mod 16, 2 digits> |              |                             | (every user's usage that day; a user's day item says `service_counted` once it counts here)
// | speaker          | SPEAKER#<id>                | SPEAKER      | USER#<uid>#SPEAKERS / SPEAKER#<id padded> |                       |
// | speaker name guard | SPEAKERNAME#<uid>#<lower-case name> | SPEAKERNAME |                            |                             |
// | speaker link     | SPEAKER#<id>                | REC#<id padded> |                                  |                             |
// | tag              | TAG#<id>                    | TAG          | USER#<uid>#TAGS or GROUP#<gid>#TAGS / TAG#<id padded> |           |
// | tag name guard   | TAGNAME#USER#<uid>#<lower name> or TAGNAME#GROUP#<gid>#<lower name> | TAGNAME |     |                             |
//
// Access patterns:
// - authenticate a request: GetItem TOKEN#<hash> (strongly consistent, so a revoke is final at once)
// - /users/me: Query PK = USER#<uid> (profile and memberships in one call)
// - a user's tokens: Query GSI1 USER#<uid>#TOKENS; one token by id: Query GSI2 TOKENID#<id>
// - user by email: GetItem EMAIL#<email> then USER#<id>
// - count a request: UpdateItem ADD on the rate window item (one call, returns the count)
// - pick a fan-out's delivery lane: UpdateItem ADD <webhooks> on RATE#<uid>#deliveries#<window start>
//   (one call per event; past the lane share the rest of the window goes to the overflow queue)
// - a recording with its notes and summary: Query PK = REC#<id> (the item stays small for lists)
// - a recording's calendar events: Query PK = REC#<id> AND begins_with(SK, EVENT#)
// - a user's recordings (tag unlinking, search rebuilds): Query GSI1 USER#<uid>#RECS
// - a page of the recordings list (shared/recordings/list-plan.ts): Query PK LISTCOUNT#<uid>
//   (8 counter shards: the totals), then Query GSI1|2|3|4 LIST#<uid>#<facet> in the order asked,
//   Limit offset + per_page, with a FilterExpression for the filters the facet does not cover;
//   a date range alone: Query PK LISTDAYS#<uid> BETWEEN its months (8 items a month);
//   a total the counters cannot give (dates or a tag with another filter, a common or short q):
//   Query GSI1 LIST#<uid>#<facet> (BETWEEN the dates) with Select COUNT. Entries and counters
//   are written in the recording's own transaction (list-index.ts).
// - q of 3+ characters (list-search.ts): Query PK LISTGRAM#<uid>#<trigram>, Limit 25, for up
//   to 8 of its trigrams side by side, then the one that reached furthest (the sparsest) on to
//   its end in pages of up to 4,000 (one request for most); its postings' text holding q are the
//   matches. Then, whichever reads less (list-plan.ts): BatchGet LIST#<rid> / ALL of the page's
//   matches (q alone in created_at order, from the postings' `at`, 5 spare) or of every match; or
//   the facet Query above with a filter on `search`.
//   The postings follow a change after its commit (list-postings.ts: GetItem LIST#<rid> / GRAMS,
//   BatchWrite the postings, conditional UpdateItem of the marker); the sweep: Query GSI1
//   LISTGRAMS#PENDING with GSI1SK before its grace
// - statistics (GET /stats): Query PK LISTCOUNT#<uid> (8 shards: status groups, bytes), Query
//   PK LISTDAYS#<uid> SK begins this month (today's cell), Query GSI1 LISTDONE#<uid> newest first
//   Limit 1 (last completion); scope=all: Query PK LISTCOUNT#ALL (16 shards), Query PK
//   LISTDAYS#ALL SK >= the day 30 days ago, Query GSI2 LISTDONE#ALL newest first Limit 1, Query
//   GSI2 USERS Select COUNT (service-counters.ts), Query PK USAGE#ALL SK BETWEEN the month's
//   first day and today (usage.ts)
// - queue position: Query GSI2 QUEUE#PENDING with SK < mine, Select COUNT
// - a user's usage this month: Query PK = USAGE#<uid> AND begins_with(SK, yyyy-mm)
// - a recording's events in order: Query GSI2 REC#<id>#EVENTS; unpublished events: Query GSI1 OUTBOX
// - a user's speakers: Query GSI1 USER#<uid>#SPEAKERS; a speaker by name: GetItem SPEAKERNAME# then SPEAKER#
// - the recordings a speaker is in (rename cascade): Query PK = SPEAKER#<id> AND begins_with(SK, REC#)
// - a user's tags: Query GSI1 USER#<uid>#TAGS, plus GSI1 GROUP#<gid>#TAGS for each membership
// - recordings carrying a tag (to unlink it): the tag item's `used_by` user set, then each such
//   user's GSI1 USER#<uid>#RECS with a filter on tag_ids
import { settings } from '../config.ts';

export const key = {
  counter: (name: string) => ({ PK: `COUNTER#${name}`, SK: 'COUNTER' }),
  user: (id: number) => ({ PK: `USER#${id}`, SK: 'PROFILE' }),
  email: (email: string) => ({ PK: `EMAIL#${email.toLowerCase()}`, SK: 'EMAIL' }),
  group: (id: number) => ({ PK: `GROUP#${id}`, SK: 'PROFILE' }),
  groupName: (name: string) => ({ PK: `GROUPNAME#${name.toLowerCase()}`, SK: 'GROUPNAME' }),
  membership: (userId: number, groupId: number) => ({ PK: `USER#${userId}`, SK: `MEMBER#${groupId}` }),
  token: (hash: string) => ({ PK: `TOKEN#${hash}`, SK: 'TOKEN' }),
  session: (hash: string) => ({ PK: `SESSION#${hash}`, SK: 'SESSION' }),
  signInLink: (hash: string) => ({ PK: `SIGNINLINK#${hash}`, SK: 'LINK' }),
  signInFailures: (scope: string) => ({ PK: `SIGNINFAIL#${scope}`, SK: 'FAIL' }),
  rateWindow: (userId: number, rateClass: string, start: number) => ({
    PK: `RATE#${userId}#${rateClass}#${start}`,
    SK: 'RATE',
  }),
  idempotency: (id: string) => ({ PK: `IDEMPOTENCY#${id}`, SK: 'IDEMPOTENCY' }),
  recording: (id: number) => ({ PK: `REC#${id}`, SK: 'REC' }),
  recordingText: (id: number) => ({ PK: `REC#${id}`, SK: 'TEXT' }),
  calendarEvent: (recordingId: number, id: number) => ({ PK: `REC#${recordingId}`, SK: `EVENT#${padId(id)}` }),
  sameBytes: (userId: number, sha256: string) => ({ PK: `SHA#${userId}#${sha256}`, SK: 'SHA' }),
  uploadRequest: (userId: number, requestKey: string) => ({ PK: `UPLOADREQ#${userId}#${requestKey}`, SK: 'UPLOADREQ' }),
  event: (id: string) => ({ PK: `EVENT#${id}`, SK: 'EVENT' }),
  upload: (id: string) => ({ PK: `UPLOAD#${id}`, SK: 'UPLOAD' }),
  webhook: (id: number) => ({ PK: `WEBHOOK#${id}`, SK: 'WEBHOOK' }),
  webhookCount: (userId: number) => ({ PK: `WEBHOOKS#${userId}`, SK: 'COUNT' }),
  delivery: (id: string) => ({ PK: `DELIVERY#${id}`, SK: 'DELIVERY' }),
  usage: (userId: number, day: string) => ({ PK: `USAGE#${userId}`, SK: day }),
  speaker: (id: number) => ({ PK: `SPEAKER#${id}`, SK: 'SPEAKER' }),
  speakerName: (userId: number, nameKey: string) => ({ PK: `SPEAKERNAME#${userId}#${nameKey}`, SK: 'SPEAKERNAME' }),
  speakerLink: (speakerId: number, recordingId: number) => ({ PK: `SPEAKER#${speakerId}`, SK: `REC#${padId(recordingId)}` }),
  tag: (id: number) => ({ PK: `TAG#${id}`, SK: 'TAG' }),
  tagName: (scope: { groupId: number | null; userId: number }, name: string) => ({
    PK: scope.groupId === null ? `TAGNAME#USER#${scope.userId}#${name.toLowerCase()}` : `TAGNAME#GROUP#${scope.groupId}#${name.toLowerCase()}`,
    SK: 'TAGNAME',
  }),
};

/** Zero-padded ids sort numerically as strings. */
export function padId(id: number): string {
  return String(id).padStart(12, '0');
}

export function tableName(): string {
  return settings().tableName;
}

const KEY_ATTRIBUTES = new Set(['PK', 'SK', 'GSI1PK', 'GSI1SK', 'GSI2PK', 'GSI2SK', 'GSI3PK', 'GSI3SK', 'GSI4PK', 'GSI4SK', 'ttl']);

/** Strips the key attributes off an item before it leaves the store. */
export function withoutKeys(item: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(item).filter(([name]) => !KEY_ATTRIBUTES.has(name)));
}
