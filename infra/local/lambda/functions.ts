// Every function of the synthesized stack, ready to run locally from its bundle: environment
// from the template (references resolved to the local resources) over the local settings,
// memory and timeout from the template, and credentials of its own that name it; run only if
// Lambda may assume its role.
import { createHmac, randomBytes } from 'node:crypto';
import { TUNABLE_SETTINGS } from '../../aws/settings.ts';
import type { Artifacts, FunctionArtifact } from '../artifacts/manifest.ts';
import type { Resolver } from '../artifacts/resolve.ts';
import { LocalFunction } from './pool.ts';

/** API routes: instances side by side per function (Lambda would run many more; memory is the bound here). */
const API_INSTANCES = 4;

export interface LocalFunctions {
  /** The function of functions/<entry>.ts, e.g. "api/users/me". */
  get(entry: string): LocalFunction;
  /** The function's environment as it runs locally. */
  environment(entry: string): Record<string, string>;
  /** Which function signed with this access key id, and the key's secret. */
  credentials(accessKeyId: string): { entry: string; secretAccessKey: string } | undefined;
  readonly artifacts: Artifacts;
  stop(): Promise<void>;
}

export interface LocalFunctionsOptions {
  readonly artifacts: Artifacts;
  readonly resolve: Resolver;
  /**
   * The runtime's environment: local-only settings (endpoints, data folder…) under the
   * template's environment, and the tunable settings given (TUNABLE_SETTINGS) over it, as a
   * deployment's `-c settings=…` would write them.
   */
  readonly base: Readonly<Record<string, string | undefined>>;
  /** Instances at most, by entry; API_INSTANCES if not given. */
  readonly maxInstances?: (entry: string) => number | undefined;
  /** Derives each function's secret key; the running stack's own, to sign as its functions do. */
  readonly signingKey?: Buffer;
  /** Throws if Lambda may not assume the function's execution role; asked before each invocation. */
  readonly assumeRole?: (entry: string) => Promise<void>;
}

/** "api/recordings/notes-get" → "api-recordings-notes-get", the function's name in logs and contexts. */
export const functionName = (entry: string) => entry.replace(/[^A-Za-z0-9-]+/g, '-');

/**
 * "api/recordings/notes-get" → "ApiRecordingsNotesGet": the function's local access key id
 * (letters and digits only, as DynamoDB Local requires), so a signed request names its caller.
 */
export const accessKeyId = (entry: string) =>
  entry
    .split(/[^A-Za-z0-9]+/)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join('');

/**
 * Template settings naming a service this machine realises another way: there is no KMS here,
 * so webhook secrets' data keys are wrapped by the data folder's key file (README: Security);
 * there is no CloudFront either: the gateway is the edge, so no request proves it came through
 * one (ORIGIN_VERIFY would be an unresolved Secrets Manager reference) and the socket's address counts.
 */
const LOCAL_REALISATIONS: Readonly<Record<string, string>> = { WEBHOOK_SECRET_KEY_ID: '', ORIGIN_VERIFY: '' };

export function localFunctions(options: LocalFunctionsOptions): LocalFunctions {
  const { artifacts, resolve } = options;
  const byEntry = new Map(artifacts.functions.map((f) => [f.entry, f]));
  const byKey = new Map(artifacts.functions.map((f) => [accessKeyId(f.entry), f.entry]));
  const signingKey = options.signingKey ?? randomBytes(32);
  const secretOf = (entry: string) => createHmac('sha256', signingKey).update(entry).digest('base64url');
  const tunable = new Set<string>(TUNABLE_SETTINGS);
  const given = Object.entries(options.base).filter((e): e is [string, string] => e[1] !== undefined);
  const base = Object.fromEntries(given.filter(([k]) => !tunable.has(k)));
  const tuned = Object.fromEntries(given.filter(([k]) => tunable.has(k)));
  const running = new Map<string, LocalFunction>();
  const artifact = (entry: string): FunctionArtifact => {
    const f = byEntry.get(entry);
    if (!f) throw new Error(`the synthesized stack has no function for functions/${entry}.ts`);
    return f;
  };
  const environment = (entry: string): Record<string, string> => {
    const f = artifact(entry);
    const name = functionName(entry);
    const fromTemplate = Object.fromEntries(Object.entries(f.environment).map(([k, v]) => [k, String(resolve(v))]));
    return {
      ...base,
      ...fromTemplate,
      ...LOCAL_REALISATIONS,
      ...tuned,
      AWS_ACCESS_KEY_ID: accessKeyId(entry),
      AWS_SECRET_ACCESS_KEY: secretOf(entry),
      AWS_LAMBDA_FUNCTION_NAME: name,
      AWS_LAMBDA_FUNCTION_MEMORY_SIZE: String(f.memoryMb),
    };
  };
  return {
    artifacts,
    environment,
    get(entry) {
      let fn = running.get(entry);
      if (!fn) {
        const f = artifact(entry);
        const maxInstances = options.maxInstances?.(entry) ?? API_INSTANCES;
        const { assumeRole } = options;
        const spec = { name: functionName(entry), bundle: f.bundle, memoryMb: f.memoryMb, timeoutSeconds: f.timeoutSeconds, env: environment(entry), maxInstances };
        fn = new LocalFunction(assumeRole ? { ...spec, assumeRole: () => assumeRole(entry) } : spec);
        running.set(entry, fn);
      }
      return fn;
    },
    credentials(accessKeyId) {
      const entry = byKey.get(accessKeyId);
      return entry ? { entry, secretAccessKey: secretOf(entry) } : undefined;
    },
    stop: async () => {
      await Promise.all([...running.values()].map((f) => f.stop()));
    },
  };
}
