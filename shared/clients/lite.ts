// The service clients every function has at init (DynamoDB, SQS) are @aws-lite/client's rather
// than the AWS SDK's. Every route reads DynamoDB to authenticate and most send to a queue, so
// their clients are in every cold start: the SDK's (the clients and the Smithy core they share)
// are some 200 KB evaluated at init, aws-lite about a sixth of the import time (bench:
// cold-import). The requests are the same: the services' JSON protocols signed with SigV4,
// throttles, 5xx and connection errors retried with jittered backoff (5 retries), connections
// kept alive. Errors keep the SDK's names (`ConditionalCheckFailedException`, …).
//
// The code keeps the SDK's command shapes, `client.send(new UpdateCommand(input))`, inputs and
// outputs typed by the SDK's packages (types only), and the part of its middleware interface
// that tests and benches use to count and meter calls.
import awsLite from '@aws-lite/client';

/** A request: the operation and its input, as the SDK's commands carry them. */
export abstract class Command<Input extends object, Result extends object> {
  /** Only for typing `send`'s answer. */
  declare readonly result: Result;
  /** The service's name for the operation (`UpdateItem`, `SendMessageBatch`). */
  abstract readonly operation: string;
  /** The SDK's name for the command (`UpdateCommand`), as middleware sees it. */
  abstract readonly commandName: string;
  constructor(readonly input: Input) {}
}

interface Args {
  input: object;
}
type Handler = (args: Args) => Promise<{ output: object }>;
/** The SDK's middleware signature. */
export type Middleware = (next: Handler, context: { readonly commandName: string }) => Handler;

export type LiteClient = Awaited<ReturnType<typeof awsLite>>;

export interface LiteOptions {
  readonly region: string;
  /** Another endpoint than AWS's (AWS_ENDPOINT_URL_<SERVICE>). */
  readonly endpoint?: string;
  /** aws-lite plugins (the DynamoDB one marshals items). */
  readonly plugins?: readonly object[];
}

/** One service's client: `call` makes the request for an operation. */
export class LiteServiceClient {
  private client: Promise<LiteClient> | undefined;
  private readonly middleware = new Map<string, Middleware>();

  constructor(
    private readonly options: LiteOptions & Record<string, unknown>,
    private readonly call: (client: LiteClient, operation: string, input: object) => Promise<object>,
  ) {}

  /** The SDK's `middlewareStack.add/remove`, by name, applied in the order added. */
  readonly middlewareStack = {
    add: (middleware: Middleware, options: { readonly name: string; readonly step?: 'initialize' }): void => void this.middleware.set(options.name, middleware),
    remove: (name: string): boolean => this.middleware.delete(name),
  };

  async send<Result extends object>(command: Command<object, Result>): Promise<Result> {
    let handler: Handler = async ({ input }) => ({ output: await this.call(await this.connected(), command.operation, input) });
    for (const middleware of [...this.middleware.values()].reverse()) handler = middleware(handler, { commandName: command.commandName });
    // Plugins may change an input in place; the caller's stays as it was (it may be sent again).
    return (await handler({ input: structuredClone(command.input) })).output as Result;
  }

  /** Forgets the connection settings (idle keep-alive sockets do not hold the process open). */
  destroy(): void {
    this.client = undefined;
  }

  private connected(): Promise<LiteClient> {
    this.client ??= awsLite({ keepAlive: true, ...this.options, plugins: [...(this.options.plugins ?? [])] }).catch((error: unknown) => {
      this.client = undefined;
      throw error;
    });
    return this.client;
  }
}

/**
 * A client for a service that speaks AWS's JSON protocol (SQS, KMS): the operation in
 * `X-Amz-Target: <target>.<operation>`, the input as plain JSON, errors named as the SDK names them.
 */
export function jsonProtocolClient(options: LiteOptions & { readonly service: string; readonly target: string; readonly contentType: string }): LiteServiceClient {
  const { service, target, contentType, ...connection } = options;
  return new LiteServiceClient(connection, async (client, operation, input) => {
    const headers = { 'X-Amz-Target': `${target}.${operation}`, 'content-type': contentType };
    try {
      // awsjson: false, or the client would marshal the body as DynamoDB JSON.
      return ((await client({ service, headers, payload: input, awsjson: false })) as { payload: object }).payload;
    } catch (error) {
      throw sdkErrorName(error);
    }
  });
}

/** An error's name as the SDK gives it: `com.amazonaws.sqs#QueueDoesNotExist` → `QueueDoesNotExist`. */
function sdkErrorName(error: unknown): unknown {
  if (error instanceof Error && error.name.includes('#')) error.name = error.name.slice(error.name.lastIndexOf('#') + 1);
  return error;
}
