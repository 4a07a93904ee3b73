// A schema built the first time it is asked for, then kept. Response schemas only document
// output (the OpenAPI description, shared/http/openapi.ts); no handler parses with them, so a
// function's cold start should not build them: zod makes a few objects per schema, and the
// response shapes of an area are most of what its route table would otherwise build at init.
export function lazySchema<T>(build: () => T): () => T {
  let built: T | undefined;
  return () => (built ??= build());
}
