/**
 * Scheduler API operations. Each handler takes the decoded request and returns
 * the JSON output shape the SDK deserialises, or throws an ApiError.
 */
import { initialFireState } from './dispatcher.ts';
import { DEFAULT_GROUP, groupArn, scheduleArn, type ScheduleRecord, type ScheduleStore } from './store.ts';
import { checkName, conflict, notFound, parseScheduleConfig, validation, type Body } from './validate.ts';

interface ApiRequest {
  params: string[];
  query: URLSearchParams;
  body: Body;
}

export type Handler = (request: ApiRequest) => Promise<unknown>;

export class SchedulerApi {
  constructor(
    private readonly store: ScheduleStore,
    private readonly region: string,
    private readonly now: () => number,
  ) {}

  createSchedule: Handler = async ({ params, body }) => {
    const { config, expression } = parseScheduleConfig(params[0] ?? '', body);
    this.requireGroup(config.GroupName);
    const clientToken = typeof body.ClientToken === 'string' ? body.ClientToken : undefined;
    const existing = this.store.schedule(config.GroupName, config.Name);
    // The SDK reuses the ClientToken when it retries, so a retried create must not conflict with itself.
    if (existing && clientToken !== undefined && existing.ClientToken === clientToken) return { ScheduleArn: existing.Arn };
    if (existing) throw conflict(`Schedule ${config.Name} already exists.`);
    const nowMs = this.now();
    const record: ScheduleRecord = {
      ...config,
      Arn: scheduleArn(this.region, config.GroupName, config.Name),
      CreationDate: nowMs / 1000,
      LastModificationDate: nowMs / 1000,
      ClientToken: clientToken,
      runtime: initialFireState(config, expression, nowMs),
    };
    await this.store.putSchedule(record);
    return { ScheduleArn: record.Arn };
  };

  /** Like AWS, an update replaces the whole configuration and re-arms a completed schedule. */
  updateSchedule: Handler = async ({ params, body }) => {
    const { config, expression } = parseScheduleConfig(params[0] ?? '', body);
    const existing = this.findSchedule(config.GroupName, config.Name);
    const nowMs = this.now();
    const record: ScheduleRecord = {
      ...config,
      Arn: existing.Arn,
      CreationDate: existing.CreationDate,
      LastModificationDate: nowMs / 1000,
      ClientToken: existing.ClientToken,
      runtime: initialFireState(config, expression, nowMs),
    };
    await this.store.putSchedule(record);
    return { ScheduleArn: record.Arn };
  };

  getSchedule: Handler = async ({ params, query }) => {
    return toWire(this.findSchedule(groupParam(query), checkName(params[0], 'Name')));
  };

  deleteSchedule: Handler = async ({ params, query }) => {
    const schedule = this.findSchedule(groupParam(query), checkName(params[0], 'Name'));
    await this.store.removeSchedule(schedule.GroupName, schedule.Name);
    return {};
  };

  listSchedules: Handler = async ({ query }) => {
    const group = query.get('ScheduleGroup');
    if (group !== null) this.requireGroup(group);
    const prefix = query.get('NamePrefix') ?? '';
    const state = query.get('State');
    if (state !== null && state !== 'ENABLED' && state !== 'DISABLED') throw validation('State must be ENABLED or DISABLED.');
    const matches = this.store
      .schedules()
      .filter((s) => (group === null || s.GroupName === group) && s.Name.startsWith(prefix) && (state === null || s.State === state));
    const page = paginate(matches, (s) => `${s.GroupName}\n${s.Name}`, query);
    const Schedules = page.items.map((s) => ({
      Arn: s.Arn,
      Name: s.Name,
      GroupName: s.GroupName,
      State: s.State,
      CreationDate: s.CreationDate,
      LastModificationDate: s.LastModificationDate,
      Target: { Arn: s.Target.Arn },
    }));
    return { Schedules, NextToken: page.nextToken };
  };

  createScheduleGroup: Handler = async ({ params }) => {
    const name = checkName(params[0], 'Name');
    if (this.store.group(name)) throw conflict(`Schedule group ${name} already exists.`);
    const seconds = this.now() / 1000;
    const Arn = groupArn(this.region, name);
    await this.store.putGroup({ Arn, Name: name, State: 'ACTIVE', CreationDate: seconds, LastModificationDate: seconds });
    return { ScheduleGroupArn: Arn };
  };

  getScheduleGroup: Handler = async ({ params }) => {
    return this.requireGroup(checkName(params[0], 'Name'));
  };

  deleteScheduleGroup: Handler = async ({ params }) => {
    const name = checkName(params[0], 'Name');
    if (name === DEFAULT_GROUP) throw validation('The default schedule group cannot be deleted.');
    this.requireGroup(name);
    await this.store.removeGroup(name);
    return {};
  };

  listScheduleGroups: Handler = async ({ query }) => {
    const prefix = query.get('NamePrefix') ?? '';
    const matches = this.store.groups().filter((g) => g.Name.startsWith(prefix));
    const page = paginate(matches, (g) => g.Name, query);
    return { ScheduleGroups: page.items, NextToken: page.nextToken };
  };

  private requireGroup(name: string) {
    const group = this.store.group(name);
    if (!group) throw notFound(`Schedule group ${name} does not exist.`);
    return group;
  }

  private findSchedule(group: string, name: string): ScheduleRecord {
    const schedule = this.store.schedule(group, name);
    if (!schedule) throw notFound(`Schedule ${name} does not exist.`);
    return schedule;
  }
}

function groupParam(query: URLSearchParams): string {
  return checkName(query.get('groupName') ?? DEFAULT_GROUP, 'GroupName');
}

/** Strips emulator-only bookkeeping before a record goes on the wire. */
function toWire(record: ScheduleRecord): Record<string, unknown> {
  const wire: Record<string, unknown> = { ...record };
  delete wire.runtime;
  delete wire.ClientToken;
  return wire;
}

/** Keyset pagination: the token names the last key served, so deletions between pages don't skip items. */
function paginate<T>(sorted: T[], keyOf: (item: T) => string, query: URLSearchParams) {
  const maxResults = Number(query.get('MaxResults') ?? 100);
  if (!Number.isInteger(maxResults) || maxResults < 1 || maxResults > 100) {
    throw validation('MaxResults must be an integer between 1 and 100.');
  }
  const token = query.get('NextToken');
  const after = token === null ? null : decodeToken(token);
  const remaining = after === null ? sorted : sorted.filter((item) => keyOf(item) > after);
  const items = remaining.slice(0, maxResults);
  const last = items.at(-1);
  const nextToken = remaining.length > maxResults && last !== undefined ? encodeToken(keyOf(last)) : undefined;
  return { items, nextToken };
}

function encodeToken(key: string): string {
  return Buffer.from(JSON.stringify({ after: key })).toString('base64url');
}

function decodeToken(token: string): string {
  try {
    const parsed = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as { after?: unknown };
    if (typeof parsed.after === 'string') return parsed.after;
  } catch {
    // fall through to the validation error
  }
  throw validation('Invalid NextToken.');
}
