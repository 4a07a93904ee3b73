// DATA_DIR/runtime.json says who owns a data folder: the runtime (and, once it is ready,
// where its services listen) or a CLI command working on the stopped stack. It is written
// before DynamoDB Local starts and updated with its pid the moment it is spawned, so a
// process killed with SIGKILL at any point leaves nothing that the next start cannot clear.
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Endpoints } from './resources.ts';

export interface RuntimeFile {
  readonly pid: number;
  readonly role: 'runtime' | 'cli';
  readonly dynamoPid?: number;
  /** Present once the runtime serves requests. */
  readonly url?: string;
  readonly endpoints?: Endpoints;
  readonly env?: Record<string, string>;
  /** The IAM proxies functions call, and the key their secrets derive from (README: IAM locally). */
  readonly iam?: { readonly endpoints: Required<Endpoints>; readonly signingKey: string };
  /** Present once the runtime has printed its first-start banner and handles SIGINT and SIGTERM. */
  readonly ready?: boolean;
}

export type LiveRuntime = RuntimeFile & { readonly url: string; readonly env: Record<string, string> };

export class DataDirBusyError extends Error {
  override name = 'DataDirBusyError';
}

const path = (dataDir: string) => join(dataDir, 'runtime.json');

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function readRuntimeFile(dataDir: string): RuntimeFile | undefined {
  if (!existsSync(path(dataDir))) return undefined;
  try {
    return JSON.parse(readFileSync(path(dataDir), 'utf8')) as RuntimeFile;
  } catch {
    return undefined;
  }
}

/** The runtime serving this data folder, if one is up and ready. */
export function readLiveRuntime(dataDir: string): LiveRuntime | undefined {
  const file = readRuntimeFile(dataDir);
  return file && file.role === 'runtime' && file.url && file.env && isAlive(file.pid) ? (file as LiveRuntime) : undefined;
}

/** Why this data folder cannot be claimed now (a live owner, named with its pid), if it cannot. */
export function inUse(dataDir: string): DataDirBusyError | undefined {
  const owner = readRuntimeFile(dataDir);
  if (!owner || owner.pid === process.pid || !isAlive(owner.pid)) return undefined;
  return new DataDirBusyError(
    owner.role === 'runtime'
      ? `a runtime (pid ${owner.pid}) already serves ${dataDir}${owner.url ? ` at ${owner.url}` : ''}; stop it first (kill ${owner.pid})`
      : `a CLI command (pid ${owner.pid}) is using ${dataDir}; wait for it to finish`,
  );
}

/**
 * Makes this process the owner of the data folder. A live owner means the folder is in use;
 * a dead one may have left DynamoDB Local running on the files, which is ended first.
 */
export function claimDataDir(dataDir: string, role: RuntimeFile['role']): void {
  const busy = inUse(dataDir);
  if (busy) throw busy;
  const previous = readRuntimeFile(dataDir);
  if (previous?.dynamoPid && isDynamoDbLocal(previous.dynamoPid)) process.kill(previous.dynamoPid, 'SIGKILL');
  write(dataDir, { pid: process.pid, role });
}

export function updateRuntimeFile(dataDir: string, patch: Partial<Omit<RuntimeFile, 'pid' | 'role'>>): void {
  const current = readRuntimeFile(dataDir);
  if (current?.pid === process.pid) write(dataDir, { ...current, ...patch });
}

export function releaseDataDir(dataDir: string): void {
  if (readRuntimeFile(dataDir)?.pid === process.pid) rmSync(path(dataDir), { force: true });
}

/** Written whole or not at all: readers in other processes never see half a file. */
function write(dataDir: string, file: RuntimeFile): void {
  const temporary = `${path(dataDir)}.${process.pid}.tmp`;
  writeFileSync(temporary, JSON.stringify(file, null, 2), { mode: 0o600 });
  renameSync(temporary, path(dataDir));
}

/** Guards against pid reuse: only a DynamoDB Local process is ever killed. */
function isDynamoDbLocal(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('DynamoDBLocal');
  } catch {
    return false;
  }
}
