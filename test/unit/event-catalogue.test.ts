// The event catalogue is the one list of event types: the README table, the OpenAPI
// x-webhooks section and the webhook event list all follow it.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EVENT_CATALOGUE, EVENT_TYPES } from '#shared/domain/webhooks/catalogue.ts';
import { openApiDocument } from '#shared/http/openapi.ts';
import { normaliseEventList } from '#shared/domain/webhooks/delivery-policy.ts';

/** The README's table of event types, as the catalogue renders it. */
function eventTable(): string {
  const rows = EVENT_TYPES.map((type) => {
    const fields = Object.keys(EVENT_CATALOGUE[type].data().def.shape).map((f) => `\`${f}\``).join(', ');
    return `| \`${type}\` | ${EVENT_CATALOGUE[type].summary} | ${fields} |`;
  });
  return ['| Event | When | `data` |', '|---|---|---|', ...rows].join('\n');
}

describe('the event catalogue', () => {
  it('is the table in the README', () => {
    const readme = readFileSync('README.md', 'utf8');
    const table = /<!-- event-table:start -->\n([\s\S]*?)\n<!-- event-table:end -->/.exec(readme)?.[1];
    expect(table, 'README.md: replace the table between the event-table markers with this one').toBe(eventTable());
  });

  it('describes each event type in the OpenAPI x-webhooks section, with its data schema', () => {
    const hooks = openApiDocument()['x-webhooks'] as Record<string, { post: { requestBody: { content: Record<string, { schema: { properties: Record<string, { properties?: object }> } }> } } }>;
    expect(Object.keys(hooks)).toEqual(EVENT_TYPES);
    for (const type of EVENT_TYPES) {
      const schema = hooks[type]!.post.requestBody.content['application/json']!.schema;
      expect(Object.keys(schema.properties.data!.properties ?? {})).toEqual(Object.keys(EVENT_CATALOGUE[type].data().def.shape));
    }
  });

  it('names every type a webhook may subscribe to', () => {
    expect(normaliseEventList([...EVENT_TYPES])).toEqual({ ok: true, events: EVENT_TYPES });
    expect(normaliseEventList(['recording.renamed'])).toEqual({ ok: false, unknown: ['recording.renamed'] });
  });
});
