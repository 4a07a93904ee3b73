// Where the CLI's commands read and write. Every target goes through the same repositories
// (shared/store); only the environment they read their table and endpoint from differs:
//   --aws                  a deployed stack: the environment as it is (TABLE_NAME, AWS chain)
//   local, stack running   that runtime's own settings from DATA_DIR/runtime.json
//   local, stack stopped   a DynamoDB Local of our own on DATA_DIR/dynamodb, for this command only
import { constants } from 'node:os';
import { join, resolve } from 'node:path';
import { dynamo, resetClients } from '#shared/clients.ts';
import { reloadSettings, settings } from '#shared/config.ts';
import { startDynamoDbLocal, type LocalDynamo } from '../local/dynamodb.ts';
import { createTable, LOCAL_NAMES } from '../local/resources.ts';
import { claimDataDir, readLiveRuntime, releaseDataDir, updateRuntimeFile } from '../local/runtime-file.ts';

type TargetKind = 'local' | 'aws';

/** The program's global options, as commander hands them to every action. */
export interface GlobalOptions {
  readonly json?: boolean;
  readonly aws?: boolean;
  readonly target?: TargetKind;
  readonly dataDir?: string;
}

/** Runs `command` against the chosen target and releases whatever was opened for it. */
async function withTarget<T>(options: GlobalOptions, command: () => Promise<T>): Promise<T> {
  if (options.aws || options.target === 'aws') return runAndClose(command);
  const dataDir = resolve(options.dataDir ?? settings().dataDir);
  const live = readLiveRuntime(dataDir);
  if (!live) return withOwnDatabase(dataDir, options, command);
  // The running runtime owns the database files: a second DynamoDB Local on them would
  // corrupt them, so we talk to the runtime's.
  useEnvironment(live.env);
  return runAndClose(command);
}

async function withOwnDatabase<T>(dataDir: string, options: GlobalOptions, command: () => Promise<T>): Promise<T> {
  // Owning the folder keeps `npm start` off these files meanwhile, and clears what a killed
  // runtime may have left running on them.
  claimDataDir(dataDir, 'cli');
  if (!options.json) process.stderr.write(`The local stack is not running; opening ${dataDir} directly (DynamoDB Local takes a few seconds)...\n`);
  const starting = startDynamoDbLocal(join(dataDir, 'dynamodb'), (dynamoPid) => updateRuntimeFile(dataDir, { dynamoPid }));
  const releaseSignals = stopOnSignal(starting);
  let database: LocalDynamo | undefined;
  try {
    database = await starting;
    // A data folder the runtime never started on has no table yet.
    await createTable(database.endpoint);
    useEnvironment({
      AWS_ENDPOINT_URL_DYNAMODB: database.endpoint,
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'local',
      AWS_SECRET_ACCESS_KEY: 'local',
      AWS_EC2_METADATA_DISABLED: 'true',
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      TABLE_NAME: LOCAL_NAMES.table,
      DATA_DIR: dataDir,
    });
    return await runAndClose(command);
  } finally {
    releaseSignals();
    await database?.stop();
    releaseDataDir(dataDir);
  }
}

function useEnvironment(env: Record<string, string>): void {
  Object.assign(process.env, env);
  reloadSettings();
  resetClients();
}

/** Closes the client's keep-alive sockets so the process can end on its own. */
async function runAndClose<T>(command: () => Promise<T>): Promise<T> {
  try {
    return await command();
  } finally {
    dynamo().destroy();
    resetClients();
  }
}

/**
 * Ctrl-C or SIGTERM must not leave a Java process behind, also while it is still starting:
 * Node's default would exit at once and orphan it.
 */
function stopOnSignal(database: Promise<LocalDynamo>): () => void {
  const handler = (signal: NodeJS.Signals) => {
    void database
      .then((db) => db.stop())
      .catch(() => undefined)
      .finally(() => process.exit(128 + constants.signals[signal]));
  };
  process.once('SIGINT', handler);
  process.once('SIGTERM', handler);
  return () => {
    process.off('SIGINT', handler);
    process.off('SIGTERM', handler);
  };
}

/**
 * Wraps a command's action: commander passes (options, command); the action gets its own
 * options plus the program's global ones, already connected to the target.
 */
export function onTarget<O>(action: (options: O, globals: GlobalOptions) => Promise<void>) {
  return async (options: O, command: { optsWithGlobals<T>(): T }): Promise<void> => {
    const globals = command.optsWithGlobals<GlobalOptions>();
    await withTarget(globals, () => action(options, globals));
  };
}
