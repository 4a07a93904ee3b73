// A schema built the first time it is asked for, then kept. Every function loads its area's
// route table (shared/routes/<area>.ts) and with it the schemas of every row of the area, yet
// parses with one row's request schemas and never with a response schema (those document
// output in the OpenAPI description, shared/http/openapi.ts). zod builds a few objects per
// schema, check and wrapper, about 50 µs apiece at a cold start: built eagerly, an area's
// schemas were hundreds of them at every function's init (GET /recordings/{id}: 405).
export function lazySchema<T>(build: () => T): () => T {
  let built: T | undefined;
  return () => (built ??= build());
}
