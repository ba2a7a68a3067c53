import { permissionsOf } from '@lightdesk/contract';
import { toJSONSchema, type $ZodType } from 'zod/v4/core';
import { surfaceOf, type SurfaceName } from './callers';
import type { RouteDef } from './routes';

/** Each surface is its own section of the document. */
const TAGS: Record<SurfaceName, string> = { console: 'Console', app: 'App', device: 'Device', public: 'Public' };

const jsonSchema = (schema: $ZodType, io: 'input' | 'output') => toJSONSchema(schema, { io, unrepresentable: 'any', target: 'openapi-3.0' });

const envelopeOf = (data: object) => ({
  type: 'object',
  required: ['code', 'msg', 'egMsg', 'data'],
  properties: {
    code: { type: 'integer', description: '200 ok; 400 bad input; 401; 403; 404; 409; 429; 555 rule refusal; 500' },
    msg: { type: 'string', description: 'Chinese message' },
    egMsg: { type: 'string', description: 'English message' },
    key: { type: 'string', description: 'Stable message key for translation' },
    params: { type: 'object', additionalProperties: true },
    data,
  },
});

/** The OpenAPI document, generated from the route table and the contract's zod schemas. */
export function openApiDocument(routes: RouteDef[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const path = route.url.replace(/:(\w+)/g, '{$1}');
    const parameters: unknown[] = [];
    for (const [where, schema] of [
      ['query', route.options.query],
      ['path', route.options.params],
    ] as const) {
      if (!schema) continue;
      const doc = jsonSchema(schema, 'input') as { properties?: Record<string, object>; required?: string[] };
      for (const [name, prop] of Object.entries(doc.properties ?? {})) {
        // Nested query values travel as `key[sub]=value` (see lib/query-string): OpenAPI's deepObject style.
        const nested = where === 'query' && (prop as { type?: string }).type === 'object';
        parameters.push({
          name,
          in: where,
          required: where === 'path' || (doc.required ?? []).includes(name),
          schema: prop,
          ...(nested && { style: 'deepObject', explode: true }),
        });
      }
    }
    const access =
      'permission' in route.access
        ? `${permissionsOf(route.access)
            .map((p) => `Permission \`${p}\``)
            .join(' or ')}${route.access.platform ? ', platform staff only' : ''}`
        : 'signedIn' in route.access
          ? 'Any signed-in user'
          : 'appUser' in route.access
            ? 'A signed-in app user (app session token)'
            : 'device' in route.access
              ? 'An authenticated device'
              : 'Public';
    (paths[path] ??= {})[route.method.toLowerCase()] = {
      tags: [TAGS[surfaceOf(route.url)!]],
      summary: route.options.summary ?? '',
      description: access,
      'x-permission': 'permission' in route.access ? route.access.permission : undefined,
      security: 'public' in route.access ? [] : [{ bearer: [] }],
      parameters,
      ...(route.options.body && { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(route.options.body, 'input') } } } }),
      // A route without an answer schema answers no envelope: a file, a redirect or a plain status.
      responses: {
        200: route.options.response
          ? { description: 'Envelope', content: { 'application/json': { schema: envelopeOf(jsonSchema(route.options.response, 'output')) } } }
          : { description: 'A file, a redirect or a plain status; no envelope' },
      },
    };
  }
  return {
    openapi: '3.0.3',
    info: { title: 'Lightdesk console API', version: '1.0.0' },
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    paths,
  };
}
