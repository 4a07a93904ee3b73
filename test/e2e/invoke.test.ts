import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stack } from '../support/api.ts';

const root = join(import.meta.dirname, '../..');
const invoke = (handler: string, event: string) =>
  JSON.parse(
    execFileSync(process.execPath, ['--import', 'tsx', 'infra/local/invoke.ts', handler, event], {
      cwd: root,
      env: { ...process.env, DATA_DIR: stack().dataDir },
      stdio: ['ignore', 'pipe', 'ignore'],
    }).toString(),
  );

describe('npm run invoke', () => {
  it('runs one handler with a sample event against the running stack and prints its result', () => {
    const result = invoke('api/users/me', 'events/api/get-users-me.json');
    expect(result.statusCode).toBe(200);
    expect(JSON.parse(result.body)).toMatchObject({ email: 'admin@localhost' });
  });

  it('shows the same error shape as the gateway for an unauthenticated event', () => {
    const result = invoke('functions/api/users/me.ts', 'events/api/get-users-me-unauthenticated.json');
    expect(result.statusCode).toBe(401);
    expect(JSON.parse(result.body).code).toBe('unauthorized');
  });

  it('answers the fallback event with 404', () => {
    expect(invoke('api/fallback', 'events/api/unknown-route.json').statusCode).toBe(404);
  });
});
