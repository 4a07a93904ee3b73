// `npm start`: the whole service on this machine, until SIGINT or SIGTERM (lifecycle.ts).
import { settings } from '#shared/config.ts';
import { logger } from '#shared/logger.ts';
import { describeEngines } from '#shared/providers/registry.ts';
import { removeStaleScratch } from '#shared/scratch.ts';
import { backfill } from '#shared/store/list-backfill.ts';
import { sealStoredSecretsOnce } from '#shared/webhooks/secret-box.ts';
import { firstAdminSignInLink } from './first-admin.ts';
import { ensureFree, PortBusyError, stopOnSignals } from './lifecycle.ts';
import { startRuntime, type Runtime } from './runtime.ts';
import { DataDirBusyError, updateRuntimeFile } from './runtime-file.ts';
import { printedSteps } from './start-steps.ts';

// The queues' store uses node:sqlite, still "experimental" in Node 22: that notice is not for users.
process.removeAllListeners('warning');
process.on('warning', (warning) => {
  if (warning.name !== 'ExperimentalWarning' || !/SQLite/.test(warning.message)) process.stderr.write(`${warning.name}: ${warning.message}\n`);
});

const { dataDir, port, host, localInMemory } = settings();
// Set by `npm start` (package.json) when it begins, so the total counts its earlier steps too.
const began = Number(process.env.VERBATIM_START_MS);
const steps = printedSteps(undefined, Number.isFinite(began) && began > 0 ? began : undefined);
const lifecycle = stopOnSignals(dataDir);

async function start(): Promise<Runtime> {
  process.stdout.write(`Starting verbatim (data folder ${dataDir})\n`);
  await steps.run('checking data folder and port', () => ensureFree(dataDir, host, port));
  // Decoded audio a killed run left behind (only this data folder's).
  const stale = await removeStaleScratch(dataDir);
  if (stale > 0) logger.info('removed scratch folders left by an earlier run', { count: stale });
  const runtime = await startRuntime({ dataDir, port, host, persistent: !localInMemory, steps });
  lifecycle.started(runtime);
  await steps.run('checking engines', describeEngines, (engines) => engines);
  // Webhook secrets stored in clear by an earlier version are sealed now (README: Security).
  await sealStoredSecretsOnce();
  // Recordings stored by a version without the list index or the service's statistics join them (README: Lists).
  const { indexed, refreshed, usage_days: usageDays } = await backfill();
  if (indexed > 0) logger.info('added earlier recordings to the list index and the service statistics', { count: indexed });
  if (refreshed > 0) logger.info('wrote the list entries of earlier recordings again with their time zones', { count: refreshed });
  if (usageDays > 0) logger.info("added this month's earlier usage to the service statistics", { user_days: usageDays });
  return runtime;
}

let runtime: Runtime;
try {
  runtime = await start();
} catch (error) {
  // A signal during the start ends the process itself.
  if (lifecycle.stopping) await new Promise(() => undefined);
  // Someone else has the folder or the port: one line, no stack.
  if (error instanceof DataDirBusyError || error instanceof PortBusyError) process.stderr.write(`verbatim: ${error.message}\n`);
  else {
    logger.error('start failed', { error });
    process.stderr.write(`verbatim could not start: ${(error as Error).message}\n`);
  }
  process.exit(1);
}

if (runtime.firstAdminToken) {
  process.stdout.write(
    `\nFirst start: created the administrator admin@localhost.\n` +
      `Its API token (shown once, also saved in ${dataDir}/admin-token, mode 0600):\n\n  ${runtime.firstAdminToken}\n\n` +
      `Open this one-time link (valid 24 hours) to set its password for the web app:\n\n  ${await firstAdminSignInLink(runtime.url)}\n\n`,
  );
}
if (!/^(127\.|::1$|localhost$)/.test(host)) {
  process.stderr.write(`Warning: HOST=${host} serves the API beyond this machine without TLS; put a TLS-terminating proxy in front (README: Security).\n`);
}
process.stdout.write(`Ready in ${steps.total()}: ${runtime.url} (API explorer, once signed in: ${runtime.url}/api/v1/docs). Ctrl-C stops it.\n`);
logger.info('verbatim is running', { url: runtime.url, docs: `${runtime.url}/api/v1/docs`, data_dir: dataDir });
updateRuntimeFile(dataDir, { ready: true });
