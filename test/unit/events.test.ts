import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { matchRoute } from '#shared/http/match.ts';
import { API_PREFIX } from '#shared/routes.ts';

const dir = join(import.meta.dirname, '../../events/api');
const files = readdirSync(dir).filter((f) => f.endsWith('.json'));

describe('sample API Gateway events', () => {
  it.each(files)('%s is a payload-format-2.0 event whose route key matches the route table', (file) => {
    const event = JSON.parse(readFileSync(join(dir, file), 'utf8'));
    expect(event.version).toBe('2.0');
    expect(event.requestContext.http.method).toEqual(expect.any(String));
    const match = matchRoute(event.requestContext.http.method, event.rawPath);
    const expected = match.kind === 'found' ? `${match.row.method} ${API_PREFIX}${match.row.path}` : '$default';
    expect(event.routeKey).toBe(expected);
    expect(event.requestContext.routeKey).toBe(expected);
  });
});
