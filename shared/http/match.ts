// Matching a method and path against the route table (the local gateway and the $default
// route both need it).
import { API_PREFIX, routeRows, type RouteRow } from '../routes.ts';

export type RouteMatch =
  | { readonly kind: 'found'; readonly row: RouteRow; readonly params: Record<string, string> }
  | { readonly kind: 'method-not-allowed'; readonly allowed: string[] }
  | { readonly kind: 'not-found' };

function compile(row: RouteRow) {
  const names: string[] = [];
  const pattern = row.path
    .split('/')
    .map((segment) => {
      const param = /^\{(\w+)\}$/.exec(segment);
      if (!param) return segment.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
      names.push(param[1]!);
      return '([^/]+)';
    })
    .join('/');
  return { row, names, regex: new RegExp(`^${API_PREFIX}${pattern}/?$`) };
}

// Literal segments win over parameters: /recordings/batch is not /recordings/{id}.
const compiled = routeRows.map(compile).sort((a, b) => a.names.length - b.names.length);

export function matchRoute(method: string, path: string): RouteMatch {
  const allowed = new Set<string>();
  for (const { row, names, regex } of compiled) {
    const m = regex.exec(path);
    if (!m) continue;
    if (row.method !== method.toUpperCase()) {
      allowed.add(row.method);
      continue;
    }
    try {
      return { kind: 'found', row, params: Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(m[i + 1]!)])) };
    } catch {
      return { kind: 'not-found' };
    }
  }
  return allowed.size > 0 ? { kind: 'method-not-allowed', allowed: [...allowed] } : { kind: 'not-found' };
}
