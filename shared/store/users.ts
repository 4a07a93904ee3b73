// Users, groups and memberships.
import { DeleteCommand, GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '../clients/dynamodb.ts';
import { dynamo } from '../clients.ts';
import { ConflictError, NotFoundError } from '../domain/errors.ts';
import { DEFAULT_TIME_ZONE } from '../domain/time-zone-default.ts';
import { nextId } from './ids.ts';
import { queryAll } from './query.ts';
import { key, padId, tableName, withoutKeys } from './table.ts';

export interface User {
  readonly id: number;
  readonly email: string;
  readonly name: string;
  readonly is_admin: boolean;
  readonly created_at: string;
}

export type GroupRole = 'admin' | 'member';

export interface Group {
  readonly id: number;
  readonly name: string;
  readonly created_at: string;
}

export interface Membership {
  readonly group_id: number;
  readonly group_name: string;
  readonly role: GroupRole;
}

/** Per-user preferences the pipeline and the transcript formats read. */
export interface UserSettings {
  readonly transcript_template: string;
  readonly auto_summarize: boolean;
  readonly language: string | null;
  readonly summary_prompt: string | null;
  /** IANA name; spoken times in the user's recordings are read in it (decisions §9b). */
  readonly time_zone: string;
}

export const DEFAULT_SETTINGS: UserSettings = { transcript_template: '[{{speaker}}]: {{text}}', auto_summarize: true, language: null, summary_prompt: null, time_zone: DEFAULT_TIME_ZONE };

export interface UserProfile extends User {
  readonly groups: readonly Membership[];
  readonly settings: UserSettings;
}

const isConditionFailure = (error: unknown) => (error as Error).name === 'TransactionCanceledException';

export async function createUser(input: { email: string; name?: string; isAdmin?: boolean }, now = new Date()): Promise<User> {
  const email = input.email.trim().toLowerCase();
  if (await findUserByEmail(email)) throw new ConflictError(`A user with email ${email} already exists`);
  const id = await nextId('user');
  const user: User = { id, email, name: input.name ?? email.split('@')[0]!, is_admin: input.isAdmin ?? false, created_at: now.toISOString() };
  try {
    await dynamo().send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: tableName(), Item: { ...key.email(email), user_id: id }, ConditionExpression: 'attribute_not_exists(PK)' } },
          { Put: { TableName: tableName(), Item: { ...key.user(id), GSI2PK: 'USERS', GSI2SK: `USER#${padId(id)}`, type: 'user', ...user } } },
        ],
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) throw new ConflictError(`A user with email ${email} already exists`);
    throw error;
  }
  return user;
}

export async function getUser(id: number): Promise<User | undefined> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: key.user(id) }));
  return Item ? toUser(Item) : undefined;
}

export async function findUserByEmail(email: string): Promise<User | undefined> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: key.email(email.trim()), ConsistentRead: true }));
  return Item ? getUser(Number(Item.user_id)) : undefined;
}

export async function requireUserByEmail(email: string): Promise<User> {
  const user = await findUserByEmail(email);
  if (!user) throw new NotFoundError(`No user with email ${email}`);
  return user;
}

export async function listUsers(): Promise<User[]> {
  const items = await queryAll({ IndexName: 'GSI2', KeyConditionExpression: 'GSI2PK = :pk', ExpressionAttributeValues: { ':pk': 'USERS' } });
  return items.map(toUser);
}

/** How many users there are: a COUNT over the users' GSI2 partition (no items come back). */
export async function totalUsers(): Promise<number> {
  let count = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new QueryCommand({ TableName: tableName(), IndexName: 'GSI2', KeyConditionExpression: 'GSI2PK = :pk', ExpressionAttributeValues: { ':pk': 'USERS' }, Select: 'COUNT', ExclusiveStartKey: start }),
    );
    count += page.Count ?? 0;
    start = page.LastEvaluatedKey;
  } while (start);
  return count;
}

/** The profile and every membership in one query: both live under PK USER#<id>. */
export async function getProfile(id: number): Promise<UserProfile | undefined> {
  const items = await queryAll({ KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': `USER#${id}` } });
  const profile = items.find((i) => i.SK === 'PROFILE');
  if (!profile) return undefined;
  const groups = items
    .filter((i) => String(i.SK).startsWith('MEMBER#'))
    .map((i) => ({ group_id: Number(i.group_id), group_name: String(i.group_name), role: i.role as GroupRole }));
  return { ...toUser(profile), groups, settings: { ...DEFAULT_SETTINGS, ...(profile.settings as Partial<UserSettings> | undefined) } };
}

export async function getUserSettings(id: number): Promise<UserSettings> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: key.user(id), ProjectionExpression: 'settings' }));
  return { ...DEFAULT_SETTINGS, ...(Item?.settings as Partial<UserSettings> | undefined) };
}

/** Changes the given settings (and the display name); the rest stay as they were. */
export async function updateUserSettings(id: number, patch: Partial<UserSettings> & { name?: string }): Promise<UserProfile> {
  const { name, ...settings } = patch;
  const current = await getUserSettings(id);
  const names: Record<string, string> = { '#settings': 'settings' };
  const values: Record<string, unknown> = { ':settings': { ...current, ...settings } };
  let expression = 'SET #settings = :settings';
  if (name !== undefined) {
    Object.assign(names, { '#name': 'name' });
    Object.assign(values, { ':name': name });
    expression += ', #name = :name';
  }
  await dynamo().send(new UpdateCommand({ TableName: tableName(), Key: key.user(id), UpdateExpression: expression, ConditionExpression: 'attribute_exists(PK)', ExpressionAttributeNames: names, ExpressionAttributeValues: values }));
  return (await getProfile(id))!;
}

export async function createGroup(name: string, now = new Date()): Promise<Group> {
  const id = await nextId('group');
  const group: Group = { id, name: name.trim(), created_at: now.toISOString() };
  try {
    await dynamo().send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: tableName(), Item: { ...key.groupName(group.name), group_id: id }, ConditionExpression: 'attribute_not_exists(PK)' } },
          { Put: { TableName: tableName(), Item: { ...key.group(id), GSI2PK: 'GROUPS', GSI2SK: `GROUP#${padId(id)}`, type: 'group', ...group } } },
        ],
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) throw new ConflictError(`A group named ${group.name} already exists`);
    throw error;
  }
  return group;
}

async function findGroupByName(name: string): Promise<Group | undefined> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: key.groupName(name.trim()), ConsistentRead: true }));
  if (!Item) return undefined;
  const group = await dynamo().send(new GetCommand({ TableName: tableName(), Key: key.group(Number(Item.group_id)) }));
  return group.Item ? (withoutKeys(group.Item) as unknown as Group) : undefined;
}

/** Adds the user to the group, or changes the role of an existing member. */
export async function addMember(groupName: string, email: string, role: GroupRole): Promise<Membership & { user_id: number }> {
  const group = await findGroupByName(groupName);
  if (!group) throw new NotFoundError(`No group named ${groupName}`);
  const user = await requireUserByEmail(email);
  const membership = { group_id: group.id, group_name: group.name, role };
  await dynamo().send(
    new TransactWriteCommand({
      TransactItems: [
        { ConditionCheck: { TableName: tableName(), Key: key.group(group.id), ConditionExpression: 'attribute_exists(PK)' } },
        {
          Put: {
            TableName: tableName(),
            Item: { ...key.membership(user.id, group.id), GSI1PK: `GROUP#${group.id}`, GSI1SK: `MEMBER#${padId(user.id)}`, type: 'membership', user_id: user.id, ...membership },
          },
        },
      ],
    }),
  );
  return { ...membership, user_id: user.id };
}

async function getGroup(id: number): Promise<Group | undefined> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: key.group(id), ConsistentRead: true }));
  return Item ? toGroup(Item) : undefined;
}

export async function requireGroup(id: number): Promise<Group> {
  const group = await getGroup(id);
  if (!group) throw new NotFoundError('No such group');
  return group;
}

interface GroupMember {
  readonly user_id: number;
  readonly email: string;
  readonly name: string;
  readonly role: GroupRole;
}

export type GroupWithMembers = Group & { members: GroupMember[] };

async function withMembers(group: Group, users: readonly User[]): Promise<GroupWithMembers> {
  const byId = new Map(users.map((u) => [u.id, u]));
  const rows = await queryAll({ IndexName: 'GSI1', KeyConditionExpression: 'GSI1PK = :pk', ExpressionAttributeValues: { ':pk': `GROUP#${group.id}` } });
  const members = rows.flatMap((m) => {
    const user = byId.get(Number(m.user_id));
    return user ? [{ user_id: user.id, email: user.email, name: user.name, role: m.role as GroupRole }] : [];
  });
  return { ...group, members };
}

/** Every group, oldest first, each with its members (for administrators). */
export async function listGroups(): Promise<GroupWithMembers[]> {
  const [items, users] = await Promise.all([queryAll({ IndexName: 'GSI2', KeyConditionExpression: 'GSI2PK = :pk', ExpressionAttributeValues: { ':pk': 'GROUPS' } }), listUsers()]);
  return Promise.all(items.map((item) => withMembers(toGroup(item), users)));
}

/** One group with its members. */
export async function groupWithMembers(id: number): Promise<GroupWithMembers> {
  const [group, users] = await Promise.all([requireGroup(id), listUsers()]);
  return withMembers(group, users);
}

/** Takes the user out of the group; false when they were not in it. */
export async function removeMember(groupId: number, userId: number): Promise<boolean> {
  const { Attributes } = await dynamo().send(new DeleteCommand({ TableName: tableName(), Key: key.membership(userId, groupId), ReturnValues: 'ALL_OLD' }));
  return Attributes !== undefined;
}

export async function setUserAdmin(id: number, isAdmin: boolean): Promise<User> {
  const { Attributes } = await dynamo().send(
    new UpdateCommand({ TableName: tableName(), Key: key.user(id), UpdateExpression: 'SET is_admin = :admin', ConditionExpression: 'attribute_exists(PK)', ExpressionAttributeValues: { ':admin': isAdmin }, ReturnValues: 'ALL_NEW' }),
  );
  return toUser(Attributes!);
}

export async function countUsers(): Promise<number> {
  const { Count } = await dynamo().send(
    new QueryCommand({ TableName: tableName(), IndexName: 'GSI2', KeyConditionExpression: 'GSI2PK = :pk', ExpressionAttributeValues: { ':pk': 'USERS' }, Select: 'COUNT', Limit: 1 }),
  );
  return Count ?? 0;
}

function toGroup(item: Record<string, unknown>): Group {
  return { id: Number(item.id), name: String(item.name), created_at: String(item.created_at) };
}

function toUser(item: Record<string, unknown>): User {
  return { id: Number(item.id), email: String(item.email), name: String(item.name), is_admin: item.is_admin === true, created_at: String(item.created_at) };
}
