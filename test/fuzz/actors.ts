// Users the fuzz and matrix suites act as: each with an API token, its own resources (made on
// first use straight through the store, so making them costs no rate budget) and a count of
// the requests it has made per rate class, so a suite moves on to a fresh user before the
// per-user limits (decisions §3) would answer 429.
import { randomUUID } from 'node:crypto';
import { settings } from '#shared/config.ts';
import type { RateClass } from '#shared/domain/rate-limit.ts';
import { declareUpload } from '#shared/recordings/presigned.ts';
import type { RouteRow } from '#shared/routes.ts';
import { createSpeaker } from '#shared/speakers/manage.ts';
import { issueToken } from '#shared/store/tokens.ts';
import { createWebhook, testWebhook } from '#shared/webhooks/manage.ts';
import { replaceEvents } from '#shared/store/calendar-events.ts';
import { seedRecording, seedTag, wav } from '../e2e/recordings-fixtures.ts';
import { newUser } from '../support/api.ts';
import { silentWav } from '../support/uploads.ts';
import { send } from './http.ts';

export type ResourceKind = 'recording' | 'tag' | 'speaker' | 'token' | 'webhook' | 'delivery' | 'upload';

/** A public literal address: saving a webhook to it needs no DNS (the deliveries just fail). */
export const PUBLIC_TARGET = 'https://93.184.216.34/hook';

/** Two labelled speakers, an introduction and a date, so speaker, chat and event routes have material. */
export const SEGMENTS = [
  { speaker: 'SPEAKER_00', sentence: 'Good morning, I am Alice. Let us meet again on Monday at ten.', start_time: 0, end_time: 2.5 },
  { speaker: 'SPEAKER_01', sentence: 'Hello Alice, this is Bob. The budget report is due on Friday.', start_time: 2.5, end_time: 5 },
];

/** Which resource a path parameter names, from the path alone; undefined for {file}. */
export function resourceOf(row: RouteRow, param: string): ResourceKind | undefined {
  if (param === 'file') return undefined;
  if (param === 'did') return 'delivery';
  if (param === 'tag_id') return 'tag';
  if (param === 'id') {
    if (row.path.startsWith('/recordings/uploads/')) return 'upload';
    const area = row.path.split('/')[1];
    const kinds: Record<string, ResourceKind> = { recordings: 'recording', webhooks: 'webhook', tags: 'tag', speakers: 'speaker', tokens: 'token' };
    if (area && kinds[area]) return kinds[area];
  }
  throw new Error(`${row.key}: no resource known for {${param}}; teach test/fuzz/actors.ts resourceOf about it`);
}

export function pathParams(row: RouteRow): string[] {
  return [...row.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
}

export interface ActorOptions {
  /** Store audio for the recording (only where a route serves it: transcribing it runs the real engine). */
  readonly audio?: boolean;
}

export class Actor {
  private readonly used: Record<RateClass, number> = { stats: 0, read: 0, write: 0, processing: 0, batch: 0 };
  private readonly made = new Map<ResourceKind, Promise<string>>();
  /** How many resources were made so far: a snapshot taken before a change of it is out of date. */
  created = 0;

  private constructor(
    readonly userId: number,
    readonly token: string,
    private readonly options: ActorOptions,
  ) {}

  static async create(options: ActorOptions = {}): Promise<Actor> {
    const { user, token } = await newUser();
    return new Actor(user.id, token, options);
  }

  /** Whether n more requests of the class fit this user's budget for the minute (with a margin). */
  fits(rateClass: RateClass | null, n = 1): boolean {
    if (!rateClass) return true;
    const limit = settings().rateLimits[rateClass];
    return limit === 0 || this.used[rateClass] + n <= limit - 2;
  }

  spend(rateClass: RateClass | null, n = 1): void {
    if (rateClass) this.used[rateClass] += n;
  }

  /** The id of this user's resource of the kind, made on first use. */
  resource(kind: ResourceKind): Promise<string> {
    let made = this.made.get(kind);
    if (!made) {
      made = this.make(kind);
      this.made.set(kind, made);
    }
    return made;
  }

  /** Makes the resource again on its next use (after a request deleted it). */
  forget(kind: ResourceKind): void {
    this.made.delete(kind);
    if (kind === 'webhook') this.made.delete('delivery');
  }

  private async make(kind: ResourceKind): Promise<string> {
    this.created++;
    const unique = randomUUID().slice(0, 8);
    switch (kind) {
      case 'tag':
        return String(await seedTag(this.userId, `tag ${unique}`));
      case 'recording': {
        const tag = Number(await this.resource('tag'));
        const audio = this.options.audio ? wav(2000) : undefined;
        const r = await seedRecording(this.userId, { title: `Meeting ${unique}`, status: 'COMPLETED', segments: SEGMENTS, summary: 'A summary.', notes: 'Some notes.', tagIds: [tag], audio });
        await replaceEvents(r.id, [{ title: 'Follow-up', start_datetime: '2030-01-07T10:00:00Z', end_datetime: '2030-01-07T11:00:00Z', description: 'Meet again', location: 'Room 1' }]);
        return String(r.id);
      }
      case 'speaker':
        return String((await createSpeaker(this.userId, `Speaker ${unique}`)).id);
      case 'token':
        return String((await issueToken(this.userId, `spare ${unique}`, 0)).record.id);
      case 'webhook':
        return String((await createWebhook(this.userId, { name: `hook ${unique}`, url: PUBLIC_TARGET, events: ['webhook.test'], enabled: true, allow_http: false })).id);
      case 'delivery':
        return (await testWebhook(this.userId, Number(await this.resource('webhook')))).id;
      case 'upload': {
        // The bytes are in place, so completing the upload can succeed.
        const bytes = silentWav(1);
        const plan = await declareUpload(this.userId, { filename: `${unique}.wav`, size: bytes.length, content_type: 'audio/wav', fields: {} });
        const put = await fetch(plan.url!, { method: 'PUT', headers: plan.headers, body: bytes });
        if (!put.ok) throw new Error(`presigned PUT answered ${put.status}`);
        return plan.upload_id;
      }
    }
  }
}

export const SNAPSHOT_READS = 8;

/**
 * What the user has, read through the API as the user: recordings (with notes and summary),
 * tokens, webhooks, tags, speakers and the profile. Fields that change on their own (last
 * use, processing status, delivery failures and the auto-pause they lead to) are left out, so two snapshots differ only when
 * a request stored something.
 */
export async function snapshot(actor: Actor): Promise<string> {
  const get = async (path: string) => {
    actor.spend('read');
    const res = await send({ method: 'GET', path, token: actor.token });
    if (res.status !== 200) throw new Error(`snapshot: GET ${path} answered ${res.status}: ${res.text.slice(0, 300)}`);
    return res.json;
  };
  const [recordings, tokens, webhooks, tags, speakers, me] = await Promise.all(['/recordings?per_page=100', '/tokens', '/webhooks', '/tags', '/speakers', '/users/me'].map(get));
  const details = await Promise.all(
    (recordings.recordings as any[]).slice(0, 2).map(async (r) => {
      const d = await get(`/recordings/${r.id}?include=notes,summary`);
      return { id: d.id, notes: d.notes, summary: d.summary, folder_id: d.folder_id, language: d.language };
    }),
  );
  return JSON.stringify({
    recordings: (recordings.recordings as any[]).map((r) => ({ id: r.id, title: r.title, participants: r.participants, meeting_date: r.meeting_date, is_inbox: r.is_inbox, is_highlighted: r.is_highlighted, tags: r.tags.map((t: any) => t.id) })),
    total: recordings.pagination.total,
    details,
    tokens: (tokens.tokens as any[]).map((t) => ({ id: t.id, name: t.name, status: t.status, expires_at: t.expires_at })),
    webhooks: (webhooks.webhooks as any[]).map((w) => ({ id: w.id, name: w.name, url: w.url, events: w.events, allow_http: w.allow_http, enabled: w.enabled || w.auto_paused })),
    tags: (tags.tags as any[]).map(({ can_edit: _, ...t }) => t),
    speakers: (speakers.speakers as any[]).map((s) => ({ id: s.id, name: s.name })),
    me: { name: me.name, settings: me.settings },
  });
}

/** The first difference between two snapshots, for a readable failure. */
export function firstDifference(before: string, after: string): string {
  const a = JSON.parse(before) as Record<string, unknown>;
  const b = JSON.parse(after) as Record<string, unknown>;
  for (const key of Object.keys(a)) {
    const x = JSON.stringify(a[key]);
    const y = JSON.stringify(b[key]);
    if (x !== y) return `${key}: ${x.slice(0, 300)} → ${y.slice(0, 300)}`;
  }
  return 'no difference';
}
