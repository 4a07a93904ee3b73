// Read capacity the service consumes: a middleware on the DocumentClient that asks every read
// for ReturnConsumedCapacity=TOTAL and sums what comes back (DynamoDB Local reports it), plus
// the items returned, to estimate the bytes read.
import type { DynamoDocumentClient } from '#shared/clients/dynamodb.ts';

const READS = new Set(['GetCommand', 'QueryCommand', 'BatchGetCommand', 'ScanCommand', 'TransactGetCommand']);

interface Capacity {
  CapacityUnits?: number;
}

export class CapacityMeter {
  capacityUnits = 0;
  itemsRead = 0;
  /** Items a read examined, returned or not (a filter's or a COUNT's too). */
  itemsScanned = 0;
  /** Estimated size of the items returned by reads. */
  itemBytesRead = 0;
  /** Read requests sent (each a round trip). */
  reads = 0;

  install(client: DynamoDocumentClient): void {
    client.middlewareStack.add(
      (next, context) => async (args) => {
        const input = (args.input ?? {}) as Record<string, unknown>;
        const read = READS.has(String(context.commandName));
        if (read) input.ReturnConsumedCapacity = 'TOTAL';
        const result = await next(args);
        if (read) this.record(result.output as Record<string, unknown>);
        return result;
      },
      { step: 'initialize', name: 'benchCapacityMeter' },
    );
  }

  reset(): void {
    this.capacityUnits = 0;
    this.itemsRead = 0;
    this.itemsScanned = 0;
    this.itemBytesRead = 0;
    this.reads = 0;
  }

  private record(output: Record<string, unknown>): void {
    const consumed = output.ConsumedCapacity as Capacity | Capacity[] | undefined;
    for (const c of Array.isArray(consumed) ? consumed : consumed ? [consumed] : []) this.capacityUnits += c.CapacityUnits ?? 0;
    const items = [
      ...((output.Items as Record<string, unknown>[] | undefined) ?? []),
      ...(output.Item ? [output.Item as Record<string, unknown>] : []),
      ...Object.values((output.Responses as Record<string, Record<string, unknown>[]> | undefined) ?? {}).flat(),
    ];
    this.reads += 1;
    this.itemsRead += items.length;
    this.itemsScanned += typeof output.ScannedCount === 'number' ? output.ScannedCount : items.length;
    for (const item of items) this.itemBytesRead += itemBytes(item);
  }
}

/** DynamoDB's item size rule, roughly: names plus values (numbers ~ digits/2 + 1). */
function itemBytes(value: unknown): number {
  if (value === null || value === undefined || typeof value === 'boolean') return 1;
  if (typeof value === 'string') return Buffer.byteLength(value);
  if (typeof value === 'number') return Math.ceil(String(value).replace(/[-.]/g, '').length / 2) + 1;
  if (Array.isArray(value)) return 3 + value.reduce((sum: number, v) => sum + 1 + itemBytes(v), 0);
  return 3 + Object.entries(value as Record<string, unknown>).reduce((sum, [k, v]) => sum + 1 + Buffer.byteLength(k) + itemBytes(v), 0);
}
