// What a row of the route table says about a route (see ../routes.ts).
import type * as z from 'zod/mini';
import type { RateClass } from '../domain/rate-limit.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Schema = z.ZodMiniType;

export interface RouteSpec {
  readonly handler: string;
  readonly summary: string;
  readonly tag: string;
  /** null: not rate limited. */
  readonly rateClass: RateClass | null;
  /**
   * 'token': a valid credential (API token or web session) is required; 'docs': the same
   * unless DOCS_PUBLIC=true; 'none': the route checks what it is given itself (sign-in).
   */
  readonly auth: 'token' | 'docs' | 'none';
  /**
   * The request's schemas, as functions: a function builds its own route's schemas when its
   * first request is parsed (shared/http/middleware/input.ts), never the other rows' of its area.
   */
  readonly params?: () => Schema;
  readonly query?: () => Schema;
  /** A JSON request body; absent means the route takes none. */
  readonly body?: () => Schema;
  /** A multipart/form-data body read as a stream by the handler; the schema documents its fields. */
  readonly streamBody?: () => Schema;
  /**
   * What each status answers. A response schema only documents output, so it is a function
   * called when the OpenAPI description is made: a cold start builds none of them.
   */
  readonly responses: Readonly<Record<number, { readonly description: string; readonly schema?: () => Schema; readonly contentType?: string }>>;
  readonly description?: string;
  readonly memoryMb?: number;
  readonly timeoutSeconds?: number;
}

