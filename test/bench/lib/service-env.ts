// Runs service code in this process against a running stack: process.env pointed at its
// emulators, settings re-read and SDK clients rebuilt; everything restored afterwards.
import { dynamo, resetClients } from '#shared/clients.ts';
import { reloadSettings } from '#shared/config.ts';

export async function withServiceEnv<T>(env: Record<string, string>, fn: () => Promise<T>): Promise<T> {
  const saved = { ...process.env };
  Object.assign(process.env, env);
  reloadSettings();
  resetClients();
  try {
    return await fn();
  } finally {
    dynamo().destroy();
    resetClients();
    for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name];
    Object.assign(process.env, saved);
    reloadSettings();
  }
}
