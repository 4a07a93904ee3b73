// Counts the DynamoDB commands the service sends, through a middleware on the one
// DocumentClient every store uses (shared/clients.ts dynamo()).
import type { DynamoDocumentClient } from '#shared/clients/dynamodb.ts';

const WRITE = /^(Put|Update|Delete|TransactWrite|BatchWrite)/;

export interface StoreCalls {
  readonly total: number;
  readonly writes: number;
  /** UpdateItems that set a token's last_used_at. */
  readonly lastUsedWrites: number;
  /** UpdateItems on a rate-limit window. */
  readonly rateCounterWrites: number;
  readonly byCommand: Readonly<Record<string, number>>;
}

export class StoreCallCounter {
  private byCommand = new Map<string, number>();
  private lastUsed = 0;
  private rateCounter = 0;

  /** Adds the counting middleware to a client (once per client: names must be unique). */
  install(client: DynamoDocumentClient): void {
    client.middlewareStack.add(
      (next, context) => async (args) => {
        this.record(String(context.commandName), (args.input ?? {}) as Record<string, unknown>);
        return next(args);
      },
      { step: 'initialize', name: 'benchStoreCallCounter' },
    );
  }

  reset(): void {
    this.byCommand.clear();
    this.lastUsed = 0;
    this.rateCounter = 0;
  }

  snapshot(): StoreCalls {
    const byCommand = Object.fromEntries(this.byCommand);
    const count = (filter: (name: string) => boolean) => Object.entries(byCommand).reduce((sum, [name, n]) => sum + (filter(name) ? n : 0), 0);
    return {
      total: count(() => true),
      writes: count((name) => WRITE.test(name)),
      lastUsedWrites: this.lastUsed,
      rateCounterWrites: this.rateCounter,
      byCommand,
    };
  }

  private record(commandName: string, input: Record<string, unknown>): void {
    const name = commandName.replace(/Command$/, '');
    this.byCommand.set(name, (this.byCommand.get(name) ?? 0) + 1);
    const update = typeof input.UpdateExpression === 'string' ? input.UpdateExpression : '';
    if (update.includes('last_used_at')) this.lastUsed++;
    if (JSON.stringify(input.Key ?? '').includes('RATE#')) this.rateCounter++;
  }
}
