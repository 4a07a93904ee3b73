// Upgrades of stored data that run once per table: a marker item says one finished. Runs that
// overlap (two cold starts at once) do the same idempotent work twice, never half of it.
import { GetCommand, PutCommand } from '../clients/dynamodb.ts';
import { dynamo } from '../clients.ts';
import { tableName } from './table.ts';

const marker = (name: string) => ({ PK: `UPGRADE#${name}`, SK: 'UPGRADE' });
const finished = new Set<string>();

/** Runs `upgrade` unless a run of it finished before (in this process or any other). */
export async function runOnce(name: string, upgrade: () => Promise<void>): Promise<boolean> {
  if (finished.has(name)) return false;
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: marker(name), ConsistentRead: true }));
  if (!Item) {
    await upgrade();
    await dynamo().send(new PutCommand({ TableName: tableName(), Item: { ...marker(name), finished_at: new Date().toISOString() } }));
  }
  finished.add(name);
  return !Item;
}
