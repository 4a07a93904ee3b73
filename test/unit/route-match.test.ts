import { describe, expect, it } from 'vitest';
import { matchRoute } from '#shared/http/match.ts';
import { routeName, routeRows } from '#shared/routes.ts';

describe('matching requests to the route table', () => {
  it('finds every row by its own method and path', () => {
    for (const row of routeRows) {
      const path = `/api/v1${row.path.replace(/\{(\w+)\}/g, row.path.includes('assets') ? 'swagger-ui.css' : '12')}`;
      const match = matchRoute(row.method, path);
      expect(match.kind === 'found' && match.row.key).toBe(row.key);
    }
  });

  it('extracts and decodes path parameters', () => {
    const match = matchRoute('PATCH', '/api/v1/tokens/42');
    expect(match.kind === 'found' && match.params).toEqual({ id: '42' });
  });

  it('answers 405 with the allowed methods when only the method is wrong', () => {
    expect(matchRoute('PUT', '/api/v1/tokens')).toEqual({ kind: 'method-not-allowed', allowed: ['GET', 'POST'] });
  });

  it('answers 404 for unknown paths, paths outside the prefix and broken escapes', () => {
    expect(matchRoute('GET', '/api/v1/nothing')).toEqual({ kind: 'not-found' });
    expect(matchRoute('GET', '/users/me')).toEqual({ kind: 'not-found' });
    expect(matchRoute('PATCH', '/api/v1/tokens/%E0%A4%A')).toEqual({ kind: 'not-found' });
  });

  it('gives every row a unique name for its function', () => {
    const names = routeRows.map(routeName);
    expect(new Set(names).size).toBe(names.length);
    expect(names.every((n) => /^[A-Za-z0-9]+$/.test(n))).toBe(true);
  });
});
