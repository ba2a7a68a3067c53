import { INT32_MAX } from '@lightdesk/contract';
import { z } from 'zod';
import type { $ZodType } from 'zod/v4/core';
import type { RouteDef } from '../lib/routes';

/**
 * Malformed requests generated from a route's own zod schemas: for every field of its query,
 * body and path parameters, values of the classes that reach the database if a schema lets
 * them through (integers past 32 bits, NUL and control characters, dates PostgreSQL cannot
 * hold, text past every limit) plus wrong types, empty values, JSON nested thousands of levels
 * deep and bad paging and sorting; date fields inside objects and lists (`period.date`) get the
 * date probes too. Each probe changes one field of an otherwise valid input, so the answer shows
 * whether that field's schema refused the value. Whole bodies are probed as well: no object, no
 * JSON, text/plain, and a valid body with a field nested thousands of levels deep beside it.
 */

type Where = 'query' | 'body' | 'params';
/** `date` is a timestamp, `day` a calendar date (`YYYY-MM-DD`). */
type Kind = 'int' | 'number' | 'text' | 'date' | 'day' | 'choice' | 'array' | 'other';

export interface Probe {
  where: Where;
  /** The field changed, or '' for a probe of the whole body. */
  field: string;
  label: string;
  /** The input: every field of a valid input, the probed one replaced. */
  input: Record<string, unknown>;
  /** A JSON body written as is, for values JSON.stringify cannot write (1e400) or that are no JSON. */
  rawBody?: string;
  contentType?: string;
  /** True when every schema of this field's kind must refuse the value: the answer is 400 naming the field. */
  refused: boolean;
}

/** The schema under the optional, nullable, default and transform wrappers. */
function core(schema: z.ZodType): z.ZodType {
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable || schema instanceof z.ZodDefault) return core(schema.unwrap() as z.ZodType);
  if (schema instanceof z.ZodPipe) return core(schema.in as z.ZodType);
  return schema;
}

function kindOf(schema: z.ZodType): Kind {
  const c = core(schema);
  // Whole numbers (ids, counts) and real ones (coordinates, fractions of a picture).
  if (c instanceof z.ZodNumber) return c.format === 'safeint' ? 'int' : 'number';
  if (c instanceof z.ZodISODateTime) return 'date';
  if (c instanceof z.ZodISODate) return 'day';
  if (c instanceof z.ZodString || c instanceof z.ZodStringFormat) return 'text';
  if (c instanceof z.ZodEnum || c instanceof z.ZodLiteral || c instanceof z.ZodBoolean) return 'choice';
  if (c instanceof z.ZodArray) return 'array';
  // A union reads as its first option that is not a literal ('' beside an e-mail, 'true' beside a boolean).
  if (c instanceof z.ZodUnion) {
    const options = (c.options as z.ZodType[]).filter((o) => !(core(o) instanceof z.ZodLiteral));
    return options[0] ? kindOf(options[0]) : 'choice';
  }
  return 'other';
}

/** Candidates for a valid value, tried in order: ids first meet the largest id, which names no row. */
const CANDIDATES: unknown[] = [
  INT32_MAX,
  1,
  0,
  true,
  'garbage',
  'garbage_1',
  '/garbage',
  'DE',
  'UTC',
  '+4915100000000',
  '123456',
  'garbage@example.com',
  '2024-01-01T00:00:00Z',
  '2024-01-01',
  '',
  [],
  // A batch of device reports.
  [{ id: 'garbage', at: '2024-01-01T00:00:00Z', device: 'garbage', kind: 'heartbeat' }],
  // A list of store ids, and what a group command needs: whom it reaches and what it says.
  [1],
  { kind: 'all' },
  { action: 'power', value: 'on' },
  // A stored file's key (a SHA-256 in hex) and an https link (an App Store page).
  'a'.repeat(64),
  'https://example.com/garbage',
  // A firmware version, a firmware's JSON and a stored file's key (a SHA-256).
  '1.0.0',
  '{}',
  '0'.repeat(64),
  // An analytics period.
  { kind: 'day' },
  // The drafts of a content item: one language's title and text.
  [{ language: 'en-US', title: 'garbage', body: '<p>garbage</p>' }],
];

function candidatesFor(field: z.ZodType): unknown[] {
  const c = core(field);
  const choices = c instanceof z.ZodEnum ? (c.options as unknown[]) : [];
  return [...choices, ...CANDIDATES];
}

/**
 * A valid input for an object schema: required fields get the first candidate their schema
 * accepts; a field the whole object's own rules still refuse (a menu needs a path) gets the
 * next candidate that satisfies them. Undefined when no candidate does: extend CANDIDATES.
 */
export function validInput(schema: z.ZodObject): Record<string, unknown> | undefined {
  const shape: Record<string, z.ZodType> = schema.shape;
  const input: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(shape)) {
    if (field.safeParse(undefined).success) continue;
    const value = candidatesFor(field).find((v) => field.safeParse(v).success);
    if (value === undefined) return undefined;
    input[name] = value;
  }
  for (let round = 0; round < Object.keys(shape).length; round++) {
    const result = schema.safeParse(input);
    if (result.success) return input;
    const name = String(result.error.issues[0]?.path[0] ?? '');
    const field = shape[name];
    if (!field) return undefined;
    const value = candidatesFor(field).find((v) => v !== input[name] && schema.safeParse({ ...input, [name]: v }).error?.issues[0]?.path[0] !== name);
    if (value === undefined) return undefined;
    input[name] = value;
  }
  return schema.safeParse(input).success ? input : undefined;
}

interface Value {
  label: string;
  /** As sent in a JSON body; absent when it has no JSON form. */
  json?: unknown;
  /** As sent in a query string or path (arrays become repeated keys); absent when it has no text form. */
  text?: string | string[];
  /** Written into the JSON body as is. */
  rawJson?: string;
  /** The kinds whose every schema must refuse it. */
  refusedBy: Kind[] | 'all';
}

const LONG = 'x'.repeat(5000);
/** Levels of the deeply nested probes: JSON.parse takes them, JSON.stringify and anything else recursive do not. */
const DEEP = 5000;
/** Lists in lists, DEEP levels (10 kB, within the sign-in calls' body limit); written by hand, as JSON.stringify overflows. */
const DEEP_JSON = `${'['.repeat(DEEP)}${']'.repeat(DEEP)}`;

/** Every field gets these, whatever its type: a field must refuse what it cannot store. */
const ANY_FIELD: Value[] = [
  { label: 'NUL character', json: 'a\u0000b', text: 'a\u0000b', refusedBy: 'all' },
  { label: 'control character', json: 'a\u0007b', text: 'a\u0007b', refusedBy: 'all' },
  { label: 'text past every limit', json: LONG, text: LONG, refusedBy: 'all' },
  { label: 'empty', json: '', text: '', refusedBy: [] },
  { label: 'object', json: { nested: [null] }, refusedBy: 'all' },
  { label: 'repeated query key', text: ['1', '2'], refusedBy: ['int', 'number', 'text', 'date', 'choice'] },
  { label: 'null', json: null, refusedBy: [] },
  { label: `nested ${DEEP} levels`, rawJson: DEEP_JSON, refusedBy: 'all' },
];

const BY_KIND: Record<Kind, Value[]> = {
  int: [
    { label: '-1', json: -1, text: '-1', refusedBy: [] },
    { label: '2^31', json: 2 ** 31, text: String(2 ** 31), refusedBy: ['int'] },
    { label: '2^53 + 1', rawJson: '9007199254740993', text: '9007199254740993', refusedBy: ['int'] },
    { label: '1e400', rawJson: '1e400', text: '1e400', refusedBy: ['int'] },
    { label: 'fraction', json: 1.5, text: '1.5', refusedBy: ['int'] },
    { label: 'NaN', json: 'NaN', text: 'NaN', refusedBy: ['int'] },
  ],
  number: [
    { label: '1e400', rawJson: '1e400', text: '1e400', refusedBy: ['number'] },
    { label: 'NaN', json: 'NaN', text: 'NaN', refusedBy: ['number'] },
    { label: 'fraction', json: 0.5, text: '0.5', refusedBy: [] },
  ],
  date: [
    { label: 'year 0000', json: '0000-01-01T00:00:00Z', text: '0000-01-01T00:00:00Z', refusedBy: ['date'] },
    { label: 'year 0000 in UTC', json: '0001-01-01T00:00:00+01:00', text: '0001-01-01T00:00:00+01:00', refusedBy: ['date'] },
    { label: 'year 10000', json: '10000-01-01T00:00:00Z', text: '10000-01-01T00:00:00Z', refusedBy: ['date'] },
    { label: 'year +010000', json: '+010000-01-01T00:00:00Z', text: '+010000-01-01T00:00:00Z', refusedBy: ['date'] },
    { label: 'year 10000 in UTC', json: '9999-12-31T23:00:00-05:00', text: '9999-12-31T23:00:00-05:00', refusedBy: ['date'] },
    { label: 'year 300000', json: '+300000-01-01T00:00:00Z', text: '+300000-01-01T00:00:00Z', refusedBy: ['date'] },
    { label: 'month 13', json: '2024-13-01T00:00:00Z', text: '2024-13-01T00:00:00Z', refusedBy: ['date'] },
    { label: 'year 1', json: '0001-01-01T00:00:00Z', text: '0001-01-01T00:00:00Z', refusedBy: [] },
    { label: 'year 9999', json: '9999-12-31T23:59:59Z', text: '9999-12-31T23:59:59Z', refusedBy: [] },
  ],
  day: [
    { label: 'year 0000', json: '0000-01-01', text: '0000-01-01', refusedBy: ['day'] },
    { label: 'year 10000', json: '10000-01-01', text: '10000-01-01', refusedBy: ['day'] },
    { label: 'month 13', json: '2024-13-01', text: '2024-13-01', refusedBy: ['day'] },
    { label: 'February 30', json: '2024-02-30', text: '2024-02-30', refusedBy: ['day'] },
    { label: 'a timestamp', json: '2024-01-01T00:00:00Z', text: '2024-01-01T00:00:00Z', refusedBy: ['day'] },
    { label: 'year 1', json: '0001-01-01', text: '0001-01-01', refusedBy: [] },
    { label: 'year 9999', json: '9999-12-31', text: '9999-12-31', refusedBy: [] },
  ],
  array: [
    { label: '[2^31]', json: [2 ** 31], refusedBy: ['array'] },
    { label: '[NUL]', json: ['a\u0000'], refusedBy: ['array'] },
    { label: '6000 entries', json: Array.from({ length: 6000 }, () => 1), refusedBy: ['array'] },
    { label: '[null]', json: [null], refusedBy: [] },
  ],
  // A text field that takes JSON (a firmware's, a parameter's value) must not choke on deep JSON.
  text: [{ label: `JSON text nested ${DEEP} levels`, json: DEEP_JSON, refusedBy: [] }],
  choice: [{ label: 'no such choice', json: 'maybe', text: 'maybe', refusedBy: ['choice'] }],
  other: [],
};

/** Paging and sorting: a client-chosen sort must be a whitelisted column, never a property or a secret. */
const BY_NAME: Record<string, Value[]> = {
  sortBy: ['constructor', '__proto__', 'password', 'x;drop'].map((v) => ({ label: `sort by ${v}`, json: v, text: v, refusedBy: 'all' as const })),
  sortOrder: [{ label: 'sideways', json: 'sideways', text: 'sideways', refusedBy: 'all' }],
  page: [{ label: 'page 0', json: 0, text: '0', refusedBy: 'all' }],
  limit: [
    { label: 'limit 0', json: 0, text: '0', refusedBy: 'all' },
    { label: 'limit 101', json: 101, text: '101', refusedBy: 'all' },
  ],
};

/** Whole bodies that are no object at all, or no JSON. */
const WHOLE_BODIES: { label: string; rawBody: string; contentType: string }[] = [
  ...[null, 0, 'text', [], [1, 2], { a: { b: [null] } }].map((v) => ({
    label: `body ${JSON.stringify(v)}`,
    rawBody: JSON.stringify(v),
    contentType: 'application/json',
  })),
  { label: 'broken JSON', rawBody: '{"a":', contentType: 'application/json' },
  { label: 'form with NUL', rawBody: 'username=a%00b&id=2147483648', contentType: 'application/x-www-form-urlencoded' },
];

/** A date field beneath another field: its path (`.date`, `[0].at`) and the outer value holding a given date there. */
interface DateWithin {
  path: string;
  kind: 'date' | 'day';
  place: (value: unknown) => unknown;
}

/**
 * The date fields inside an object field, and with `lists` inside the objects of a list field
 * (query strings carry no objects in lists), each in an otherwise valid value.
 */
function datesWithin(schema: z.ZodType, lists: boolean, depth = 0): DateWithin[] {
  const c = core(schema);
  if (depth > 4) return [];
  if (lists && c instanceof z.ZodArray) {
    return datesWithin(c.element as z.ZodType, lists, depth + 1).map((d) => ({ ...d, path: `[0]${d.path}`, place: (v) => [d.place(v)] }));
  }
  const valid = c instanceof z.ZodObject ? validInput(c) : undefined;
  if (!valid) return [];
  return Object.entries((c as z.ZodObject).shape as Record<string, z.ZodType>).flatMap(([name, field]): DateWithin[] => {
    const kind = kindOf(field);
    if (kind === 'date' || kind === 'day') return [{ path: `.${name}`, kind, place: (v) => ({ ...valid, [name]: v }) }];
    return datesWithin(field, lists, depth + 1).map((d) => ({ ...d, path: `.${name}${d.path}`, place: (v) => ({ ...valid, [name]: d.place(v) }) }));
  });
}

function fieldsOf(declared: $ZodType | undefined): z.ZodObject | undefined {
  // The contract's schemas are zod's classic kind; routes hold them by zod's core type.
  const schema = declared as z.ZodType | undefined;
  return schema instanceof z.ZodObject ? schema : undefined;
}

/** Every probe of one route. Throws when no valid input can be built for one of its schemas. */
export function probesOf(route: RouteDef): Probe[] {
  const probes: Probe[] = [];
  for (const where of ['query', 'body', 'params'] as const) {
    const schema = fieldsOf(route.options[where]);
    if (!schema) continue;
    const valid = validInput(schema);
    if (!valid) throw new Error(`${route.method} ${route.url}: no valid ${where} could be built; extend CANDIDATES in test/garbage.ts`);
    const shape: Record<string, z.ZodType> = schema.shape;
    for (const [field, fieldSchema] of Object.entries(shape)) {
      const kind = kindOf(fieldSchema);
      for (const value of [...ANY_FIELD, ...BY_KIND[kind], ...(BY_NAME[field] ?? [])]) {
        const refused = value.refusedBy === 'all' || value.refusedBy.includes(kind);
        if (where === 'body') {
          if (value.rawJson !== undefined) {
            const rawBody = JSON.stringify({ ...valid, [field]: '\u0001raw' }).replace('"\\u0001raw"', value.rawJson);
            probes.push({ where, field, label: value.label, input: valid, rawBody, refused });
          } else if ('json' in value) {
            probes.push({ where, field, label: value.label, input: { ...valid, [field]: value.json }, refused });
          }
        } else if (value.text !== undefined && !(where === 'params' && (Array.isArray(value.text) || value.text === ''))) {
          probes.push({ where, field, label: value.label, input: { ...valid, [field]: value.text }, refused });
        }
      }
      if (where === 'params' || (kind !== 'other' && kind !== 'array')) continue;
      for (const inner of datesWithin(fieldSchema, where === 'body')) {
        for (const value of BY_KIND[inner.kind]) {
          const sent = where === 'body' ? value.json : value.text;
          const refused = value.refusedBy === 'all' || value.refusedBy.includes(inner.kind);
          if (sent !== undefined)
            probes.push({ where, field: `${field}${inner.path}`, label: value.label, input: { ...valid, [field]: inner.place(sent) }, refused });
        }
      }
    }
  }
  if (route.method !== 'GET') {
    for (const b of WHOLE_BODIES)
      probes.push({ where: 'body', field: '', label: b.label, input: {}, rawBody: b.rawBody, contentType: b.contentType, refused: false });
    const valid = validInput(fieldsOf(route.options.body) ?? z.object({})) ?? {};
    // Only JSON, forms and uploads are read: a route that takes a body refuses one sent as text, by
    // name. A device's signature covers the bytes of a JSON body, so a device's text is unsigned (401).
    const refusesText = !!route.options.body && !('device' in route.access);
    probes.push({
      where: 'body',
      field: '',
      label: 'valid body as text/plain',
      input: {},
      rawBody: JSON.stringify(valid),
      contentType: 'text/plain',
      refused: refusesText,
    });
    // A field no schema declares is dropped, however deep it goes.
    const beside = JSON.stringify({ ...valid, deep: '\u0001raw' }).replace('"\\u0001raw"', DEEP_JSON);
    probes.push({ where: 'body', field: '', label: `valid body beside a field nested ${DEEP} levels`, input: {}, rawBody: beside, refused: false });
  }
  if (!route.options.query) {
    // A route that takes no query must ignore one.
    probes.push({ where: 'query', field: '', label: 'unexpected query', input: { id: 'a\u0000b', page: String(2 ** 31) }, refused: false });
  }
  return probes;
}

/** The route's path with its parameters filled from a probe (or from a valid input). */
export function pathOf(route: RouteDef, probe: Probe): string {
  const params = probe.where === 'params' ? probe.input : (validInput(fieldsOf(route.options.params) ?? z.object({})) ?? {});
  return route.url.replace(/:(\w+)/g, (_m, name: string) => {
    const value = params[name];
    return encodeURIComponent(typeof value === 'string' || typeof value === 'number' ? value : 'x');
  });
}

/** The query string of a probe; arrays become repeated keys. */
export function queryOf(route: RouteDef, probe: Probe): URLSearchParams {
  const query = probe.where === 'query' ? probe.input : (validInput(fieldsOf(route.options.query) ?? z.object({})) ?? {});
  const search = new URLSearchParams();
  // Objects travel as the further client sends them (`period[kind]=day`); arrays as repeated keys.
  const add = (key: string, value: unknown) => {
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) for (const [sub, inner] of Object.entries(value)) add(`${key}[${sub}]`, inner);
    else for (const v of Array.isArray(value) ? (value as unknown[]) : [value]) search.append(key, String(v));
  };
  for (const [key, value] of Object.entries(query)) add(key, value);
  return search;
}

/** The request body of a probe, with its content type; undefined for GET. */
export function bodyOf(route: RouteDef, probe: Probe): { body: string; contentType: string } | undefined {
  if (route.method === 'GET') return undefined;
  if (probe.rawBody !== undefined) return { body: probe.rawBody, contentType: probe.contentType ?? 'application/json' };
  const input = probe.where === 'body' ? probe.input : (validInput(fieldsOf(route.options.body) ?? z.object({})) ?? {});
  return { body: JSON.stringify(input), contentType: 'application/json' };
}
