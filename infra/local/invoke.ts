// `npm run invoke -- <handler> <event file>`: runs one function once, from its bundle with the
// template's settings, against the local services and prints its result, as `sam local invoke`
// would. Uses the running stack of DATA_DIR, or starts the local services for the one call;
// either way the function's AWS calls go through the IAM proxies under its role's policy.
// `{{ADMIN_TOKEN}}` in the event file stands for the token in DATA_DIR/admin-token.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const [handlerArg, eventFile] = process.argv.slice(2);
if (!handlerArg || !eventFile) {
  process.stderr.write('usage: npm run invoke -- <handler, e.g. api/users/me> <event file, e.g. events/api/get-users-me.json>\n');
  process.exit(2);
}
// Logs go to stderr-free silence unless asked for, so stdout holds only the result.
process.env.LOG_LEVEL ??= 'WARN';

const { settings } = await import('#shared/config.ts');
const { readLiveRuntime } = await import('./runtime-file.ts');
const { functionsOfRunning, startRuntime } = await import('./runtime.ts');
const { prepareArtifacts } = await import('./artifacts/prepare.ts');

const dataDir = resolve(settings().dataDir);
const running = readLiveRuntime(dataDir);
const ownRuntime = running ? undefined : await startRuntime({ dataDir, port: 0, persistent: !settings().localInMemory });
// On a running stack the function reaches the emulators through its IAM proxies, as there.
const functions = ownRuntime?.functions ?? functionsOfRunning(await prepareArtifacts(), running!);

try {
  const entry = handlerArg.replace(/^functions\//, '').replace(/\.ts$/, '');
  const tokenFile = join(dataDir, 'admin-token');
  const adminToken = existsSync(tokenFile) ? readFileSync(tokenFile, 'utf8').trim() : '';
  const event = JSON.parse(readFileSync(eventFile, 'utf8').replaceAll('{{ADMIN_TOKEN}}', adminToken));
  const result = await functions.get(entry).invoke(event);
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
} finally {
  await (ownRuntime ? ownRuntime.stop() : functions.stop());
}
