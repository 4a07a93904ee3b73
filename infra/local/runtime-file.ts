// DATA_DIR/runtime.json tells other processes (the CLI, a second `npm start`) that a runtime
// owns this data folder, and where its services listen.
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Endpoints } from './resources.ts';

export interface RuntimeFile {
  readonly pid: number;
  readonly dynamoPid: number;
  readonly url: string;
  readonly endpoints: Endpoints;
  readonly env: Record<string, string>;
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

/** The running runtime of this data folder, if there is one. */
export function readLiveRuntime(dataDir: string): RuntimeFile | undefined {
  const file = readRuntimeFile(dataDir);
  return file && isAlive(file.pid) ? file : undefined;
}

export function readRuntimeFile(dataDir: string): RuntimeFile | undefined {
  if (!existsSync(path(dataDir))) return undefined;
  try {
    return JSON.parse(readFileSync(path(dataDir), 'utf8')) as RuntimeFile;
  } catch {
    return undefined;
  }
}

/** A runtime killed with SIGKILL leaves DynamoDB Local running on our files: end it first. */
export function reapOrphans(dataDir: string): void {
  const stale = readRuntimeFile(dataDir);
  if (!stale || isAlive(stale.pid)) return;
  if (isAlive(stale.dynamoPid)) process.kill(stale.dynamoPid, 'SIGKILL');
  rmSync(path(dataDir), { force: true });
}

export function writeRuntimeFile(dataDir: string, file: RuntimeFile): void {
  writeFileSync(path(dataDir), JSON.stringify(file, null, 2), { mode: 0o600 });
}

export function removeRuntimeFile(dataDir: string): void {
  rmSync(path(dataDir), { force: true });
}
