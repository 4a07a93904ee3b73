// The generated OpenAPI 3.0 description: valid for a third-party validator, and complete with
// respect to the route table (every row, its path parameters, errors, idempotency, credentials).
import SwaggerParser from '@apidevtools/swagger-parser';
import { describe, expect, it } from 'vitest';
import { openApiDocument } from '#shared/http/openapi.ts';
import { API_PREFIX, routeRows } from '#shared/routes.ts';

interface Parameter {
  readonly name: string;
  readonly in: string;
  readonly required?: boolean;
  readonly schema?: Record<string, unknown>;
}
interface Operation {
  readonly operationId: string;
  readonly parameters?: Parameter[];
  readonly requestBody?: { required?: boolean; content: Record<string, { schema: unknown }> };
  readonly responses: Record<string, { description: string; content?: Record<string, { schema: unknown }> }>;
}
interface SecurityScheme {
  readonly type: string;
  readonly scheme?: string;
  readonly in?: string;
  readonly name?: string;
}
interface Document {
  readonly openapi: string;
  readonly servers: { url: string }[];
  readonly security: Record<string, string[]>[];
  readonly paths: Record<string, Record<string, Operation>>;
  readonly components: { securitySchemes: Record<string, SecurityScheme>; schemas: Record<string, unknown> };
}

const doc = openApiDocument() as unknown as Document;
const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const operationOf = (row: (typeof routeRows)[number]) => doc.paths[row.path]?.[row.method.toLowerCase()];
const rowName = (row: (typeof routeRows)[number]) => `${row.method} ${row.path}`;

describe('the OpenAPI document', () => {
  it('validates against the OpenAPI 3.0 schema with swagger-parser', async () => {
    expect(doc.openapi).toMatch(/^3\.0\.\d$/);
    // swagger-parser dereferences in place: validate a copy so the document stays untouched.
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
  });

  it('is served relative to the API prefix', () => {
    expect(doc.servers).toEqual([{ url: API_PREFIX }]);
    for (const path of Object.keys(doc.paths)) {
      expect(path.startsWith('/')).toBe(true);
      expect(path.startsWith(API_PREFIX)).toBe(false);
    }
  });

  it('has exactly one operation per route row, each with a unique operationId', () => {
    const ids = new Set<string>();
    for (const row of routeRows) {
      const op = operationOf(row);
      expect(op, rowName(row)).toBeDefined();
      expect(op!.operationId, rowName(row)).toMatch(/^[A-Za-z][A-Za-z0-9_]*$/);
      expect(ids.has(op!.operationId), `duplicate operationId ${op!.operationId}`).toBe(false);
      ids.add(op!.operationId);
    }
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
    expect(documented.sort()).toEqual(routeRows.map(rowName).sort());
  });

  it('declares every {param} of a path as a required path parameter, and no other', () => {
    for (const row of routeRows) {
      const placeholders = [...row.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
      const pathParams = (operationOf(row)!.parameters ?? []).filter((p) => p.in === 'path');
      expect(pathParams.map((p) => p.name).sort(), rowName(row)).toEqual(placeholders.sort());
      for (const p of pathParams) {
        expect(p.required, `${rowName(row)} {${p.name}}`).toBe(true);
        expect(p.schema, `${rowName(row)} {${p.name}}`).toBeDefined();
      }
    }
  });

  it('declares the 401 and 429 error responses with the Error schema on every operation', () => {
    expect(doc.components.schemas.Error).toMatchObject({ type: 'object', required: expect.arrayContaining(['error', 'code', 'request_id']) });
    for (const row of routeRows) {
      const { responses } = operationOf(row)!;
      for (const status of ['401', '429']) {
        expect(responses[status]?.description, `${rowName(row)} ${status}`).toBeTruthy();
        expect(responses[status]?.content?.['application/json']?.schema, `${rowName(row)} ${status}`).toEqual({ $ref: '#/components/schemas/Error' });
      }
      for (const status of Object.keys(row.spec.responses)) expect(responses[status], `${rowName(row)} ${status}`).toBeDefined();
    }
  });

  it('documents the Idempotency-Key header on mutating operations only', () => {
    for (const row of routeRows) {
      const keys = (operationOf(row)!.parameters ?? []).filter((p) => p.in === 'header' && p.name.toLowerCase() === 'idempotency-key');
      if (MUTATING.has(row.method)) {
        expect(keys, rowName(row)).toHaveLength(1);
        expect(keys[0]!.required, rowName(row)).toBe(false);
        expect(keys[0]!.schema, rowName(row)).toMatchObject({ type: 'string' });
      } else {
        expect(keys, rowName(row)).toHaveLength(0);
      }
    }
  });

  it('documents a request body exactly for the rows that take one: JSON, or multipart with a binary file', () => {
    for (const row of routeRows) {
      const body = operationOf(row)!.requestBody;
      if (row.spec.body) expect(body?.content['application/json']?.schema, rowName(row)).toBeDefined();
      else if (row.spec.streamBody) expect((body?.content['multipart/form-data']?.schema as { properties?: Record<string, unknown> } | undefined)?.properties?.file, rowName(row)).toMatchObject({ type: 'string', format: 'binary' });
      else expect(body, rowName(row)).toBeUndefined();
    }
  });

  it('offers the four credential carriers as alternative security schemes', () => {
    const schemes = Object.entries(doc.components.securitySchemes);
    const find = (match: (s: SecurityScheme) => boolean) => schemes.find(([, s]) => match(s))?.[0];
    const carriers = {
      bearer: find((s) => s.type === 'http' && s.scheme?.toLowerCase() === 'bearer'),
      xApiToken: find((s) => s.type === 'apiKey' && s.in === 'header' && s.name === 'X-API-Token'),
      apiToken: find((s) => s.type === 'apiKey' && s.in === 'header' && s.name === 'API-Token'),
      query: find((s) => s.type === 'apiKey' && s.in === 'query' && s.name === 'token'),
    };
    for (const [carrier, name] of Object.entries(carriers)) {
      expect(name, carrier).toBeDefined();
      // Each is a requirement of its own (OR), not one requirement needing all four (AND).
      expect(doc.security, carrier).toContainEqual({ [name!]: [] });
    }
  });
});
