// Loads handler modules the way Lambda would: once, on first use.
import type { Context } from 'aws-lambda';

type AnyHandler = (event: unknown, context: Context) => Promise<unknown>;

const root = new URL('../../functions/', import.meta.url);
const loaded = new Map<string, Promise<AnyHandler>>();

/** `path` is relative to functions/, without extension, e.g. "api/tokens/list". */
export function loadHandler(path: string): Promise<AnyHandler> {
  let handler = loaded.get(path);
  if (!handler) {
    handler = import(new URL(`${path}.ts`, root).href).then((mod: { handler?: AnyHandler }) => {
      if (typeof mod.handler !== 'function') throw new Error(`functions/${path}.ts exports no handler`);
      return mod.handler;
    });
    loaded.set(path, handler);
  }
  return handler;
}
