import { createHash } from 'node:crypto';
import { DEVICE_HEADERS, permissionsOf, SIGNATURE_WINDOW_MS } from '@lightdesk/contract';
import { toJSONSchema, type $ZodType } from 'zod/v4/core';
import { surfaceOf, type Caller, type SurfaceName } from './callers';
import { clientHasCurrent } from './http-cache';
import { callerKindOf, defineRoutes, SENT, type RouteDef, type RouteModule } from './routes';

/** Each surface is its own section of the document. */
const TAGS: Record<SurfaceName, string> = { console: 'Console', app: 'App', device: 'Device', public: 'Public' };

/** How each kind of caller proves itself: one security scheme each, as the server checks it. */
const SECURITY_SCHEMES = {
  staffToken: {
    type: 'http',
    scheme: 'bearer',
    description:
      'A staff session token, from `POST /api/system/auth/login` (or the SMS or OpenID sign-in), sent as `Authorization: Bearer <token>`. ' +
      'Console routes (`/api/…`) only; an app token is refused there.',
  },
  appUserToken: {
    type: 'http',
    scheme: 'bearer',
    description:
      "An app user's session token, from `POST /open/app/auth/login`, sent as `Authorization: Bearer <token>`. " +
      'App routes (`/open/app/…`) only; a staff token is refused there.',
  },
  deviceSignature: {
    type: 'apiKey',
    in: 'header',
    name: DEVICE_HEADERS.signature,
    description:
      `A device signs every request with its device secret. Four headers travel together: \`${DEVICE_HEADERS.device}\` is \`{productKey}/{deviceName}\`, ` +
      `\`${DEVICE_HEADERS.timestamp}\` the Unix time in milliseconds (within ${SIGNATURE_WINDOW_MS / 60_000} minutes of the server's clock), ` +
      `\`${DEVICE_HEADERS.nonce}\` 8–64 characters of \`A-Z a-z 0-9 _ -\`, never used before by this device, and \`${DEVICE_HEADERS.signature}\` ` +
      'the HMAC-SHA256 in hex (64 digits), under the device secret, of `{timestamp}\\n{nonce}\\n{method} {path}\\n{body}`, where the path carries its query string ' +
      'and the body is the bytes sent (empty for none). A disabled device, a stale timestamp or a repeated nonce proves nothing.',
  },
} as const;

/** The scheme each caller kind uses; public routes ask for none. */
const SCHEME_OF: Record<Caller['kind'], keyof typeof SECURITY_SCHEMES | null> = {
  staff: 'staffToken',
  'app-user': 'appUserToken',
  device: 'deviceSignature',
  nobody: null,
};

type JsonSchema = Record<string, unknown>;

/**
 * Converts the zod schemas of one document. Zod puts a recursive part (the menu tree, the area
 * tree) in the converted schema's own `definitions`, which OpenAPI 3.0 does not have: such a
 * part moves to the document's `components.schemas`, declared once however many operations use
 * it, and the references to it follow.
 */
function schemaConverter() {
  const shared: Record<string, JsonSchema> = {};
  const nameOf = new Map<string, string>();
  const convert = (schema: $ZodType, io: 'input' | 'output'): JsonSchema => {
    const { definitions, ...converted } = toJSONSchema(schema, { io, unrepresentable: 'any', target: 'openapi-3.0' }) as JsonSchema & {
      definitions?: Record<string, JsonSchema>;
    };
    if (!definitions) return converted;
    const names = new Map<string, string>();
    for (const [id, part] of Object.entries(definitions)) {
      const text = JSON.stringify(part);
      if (!nameOf.has(text)) nameOf.set(text, `Recursive${nameOf.size + 1}`);
      names.set(id, nameOf.get(text)!);
    }
    // A reference names its part by a JSON pointer into `definitions` (`~1` stands for `/`, `~0` for `~`).
    const pointerTo = (id: string) => JSON.stringify(`#/components/schemas/${names.get(id.replace(/~1/g, '/').replace(/~0/g, '~'))}`);
    const relink = (value: JsonSchema) =>
      JSON.parse(JSON.stringify(value).replace(/"#\/definitions\/([^"]+)"/g, (_, id: string) => pointerTo(id))) as JsonSchema;
    for (const [id, part] of Object.entries(definitions)) shared[names.get(id)!] ??= relink(part);
    return relink(converted);
  };
  return { convert, shared };
}

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

function securityOf(route: RouteDef) {
  const scheme = SCHEME_OF[callerKindOf(route.access)];
  return scheme ? [{ [scheme]: [] }] : [];
}

/** The OpenAPI document, generated from the route table and the contract's zod schemas. */
function openApiDocument(routes: RouteDef[]) {
  const { convert: jsonSchema, shared } = schemaConverter();
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
      security: securityOf(route),
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
    components: { schemas: shared, securitySchemes: SECURITY_SCHEMES },
    paths,
  };
}

/**
 * `GET /api/docs`. The document depends on the route table alone, which is fixed once the server
 * is built, so it is generated on the first call (some hundreds of milliseconds of work) and kept.
 * Its ETag is weak: the same document goes out brotli-, gzip- or un-compressed, which are
 * different bytes; a client holding any of them gets 304.
 */
export const docsRoute = (all: () => RouteDef[]): RouteModule =>
  defineRoutes((r) => {
    let built: { text: string; etag: string } | undefined;
    r.get('/api/docs', { public: true, summary: 'This OpenAPI document' }, ({ req, reply }) => {
      if (!built) {
        const text = JSON.stringify(openApiDocument(all()));
        built = { text, etag: `W/"${createHash('sha256').update(text).digest('base64url')}"` };
      }
      // Revalidated on every use, so a client sees a new server's document at once; unchanged, that costs a 304.
      void reply.headers({ etag: built.etag, 'cache-control': 'no-cache', vary: 'accept-encoding' });
      if (clientHasCurrent(req.headers['if-none-match'], built.etag)) void reply.code(304).send();
      else void reply.type('application/json; charset=utf-8').send(built.text);
      return SENT;
    });
  });
