// A route is its row in the table (shared/routes/*), its handler and its logic. The row names
// the handler's module; the handler names its row's key. The two must agree, or CDK and the
// local gateway would send the row's requests to a handler parsing another route's input.
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { routeRows } from '#shared/routes.ts';

describe('route handlers', { timeout: 120_000 }, () => {
  it.each(routeRows.map((row) => [row.key, row.spec.handler] as const))('%s is served by functions/api/%s, built for that key', async (key, module) => {
    const file = pathToFileURL(`${process.cwd()}/functions/api/${module}.ts`).href;
    const { handler } = (await import(/* @vite-ignore */ file)) as { handler: { routeKey?: string } };
    expect(handler.routeKey).toBe(key);
  });
});
