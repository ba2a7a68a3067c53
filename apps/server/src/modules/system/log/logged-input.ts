import { innerSchemas, isSecret } from '@lightdesk/contract';
import type { $ZodType, $ZodTypes } from 'zod/v4/core';
import type { RouteDef } from '../../../lib/routes';

/** A request's input as the route's schemas parsed it; a part that did not parse is absent. */
export interface ParsedInput {
  params?: unknown;
  query?: unknown;
  body?: unknown;
}

/** Levels of nesting kept below the query, the body and the path parameters. */
const MAX_DEPTH = 6;
/** Characters kept of one text value, and of one key. */
const MAX_TEXT = 200;
/** Entries kept of one list. */
const MAX_ITEMS = 20;
/** Characters of the whole record (the contract's OperateLog.params promises this bound). */
const MAX_LENGTH = 2000;

const MASK = JSON.stringify('***');
/** Stands for what was left out: the end of a text, a list or an object, or a value nested too deep. */
const CUT = '…[cut]';
const CUT_ITEM = JSON.stringify(CUT);
const CUT_ENTRY = `${JSON.stringify(CUT)}:true`;

/** What a value's schemas say about it: whether it is a secret, and the schemas describing its shape. */
interface Reading {
  secret: boolean;
  shapes: $ZodType[];
}

const holdsSecretMemo = new WeakMap<$ZodType, boolean>();

/** Whether a secret field sits anywhere beneath a schema. */
function holdsSecret(schema: $ZodType): boolean {
  // Recursive schemas (a menu tree) lead back to themselves: each schema is searched once.
  const search = (s: $ZodType, seen: Set<$ZodType>): boolean => {
    if (seen.has(s)) return false;
    seen.add(s);
    return isSecret(s) || innerSchemas(s).some((child) => search(child, seen));
  };
  let holds = holdsSecretMemo.get(schema);
  if (holds === undefined) holdsSecretMemo.set(schema, (holds = search(schema, new Set())));
  return holds;
}

/**
 * Reads the schemas a parsed value may have come from: wrappers and unions are looked through
 * (a value is secret when any of them says so). A transform's output has a shape of its own:
 * it is shown without a schema unless its input held a secret, and then masked whole.
 */
function read(schemas: readonly $ZodType[], reading: Reading = { secret: false, shapes: [] }, seen = new Set<$ZodType>()): Reading {
  for (const schema of schemas) {
    if (seen.has(schema)) continue;
    seen.add(schema);
    if (isSecret(schema)) {
      reading.secret = true;
      continue;
    }
    const def = (schema as $ZodTypes)._zod.def;
    switch (def.type) {
      case 'pipe':
        if (def.out._zod.def.type === 'transform') reading.secret ||= holdsSecret(def.in);
        else read([def.in, def.out], reading, seen);
        break;
      case 'union':
      case 'intersection':
      case 'lazy':
      case 'optional':
      case 'nullable':
      case 'default':
      case 'prefault':
      case 'readonly':
      case 'catch':
      case 'nonoptional':
        read(innerSchemas(schema), reading, seen);
        break;
      default:
        reading.shapes.push(schema);
    }
  }
  return reading;
}

/**
 * The schemas of one entry of an object, or undefined when the object's schemas declare no such
 * key (the entry is left out: the log shows what the contract accepted). Without any object
 * schema (a transform's output) every key is kept, unread.
 */
function entrySchemas(shapes: readonly $ZodType[], key: string): $ZodType[] | undefined {
  const objects = shapes.filter((s) => ['object', 'record'].includes(s._zod.def.type));
  if (!objects.length) return [];
  const found = objects.flatMap((s) => {
    const def = (s as $ZodTypes)._zod.def;
    if (def.type === 'record') return [def.valueType];
    if (def.type !== 'object') return [];
    return Object.hasOwn(def.shape, key) ? [def.shape[key]!] : def.catchall ? [def.catchall] : [];
  });
  return found.length ? found : undefined;
}

function itemSchemas(shapes: readonly $ZodType[], index: number): $ZodType[] {
  return shapes.flatMap((s) => {
    const def = (s as $ZodTypes)._zod.def;
    if (def.type === 'array') return [def.element];
    if (def.type === 'tuple') return [def.items[index] ?? def.rest].filter((x): x is $ZodType => !!x);
    return [];
  });
}

const cutText = (text: string) => (text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}${CUT}` : text);

/**
 * Writes JSON within a budget of characters. A container first sets aside room for its closing
 * bracket and for a mark saying it was cut, so whatever does not fit is replaced by that mark
 * and the text stays whole JSON.
 */
class BoundedJson {
  constructor(private left: number) {}

  private take(n: number) {
    if (n > this.left) return false;
    this.left -= n;
    return true;
  }

  /** The value's JSON, undefined for a value JSON leaves out, or null when it does not fit. */
  value(value: unknown, schemas: readonly $ZodType[], depth: number): string | null | undefined {
    if (value === undefined || typeof value === 'function' || typeof value === 'symbol') return undefined;
    const { secret, shapes } = read(schemas);
    if (secret) return this.scalar(MASK);
    if (value instanceof Date) return this.scalar(JSON.stringify(Number.isNaN(value.getTime()) ? null : value.toISOString()));
    if (typeof value === 'string') return this.scalar(JSON.stringify(cutText(value)));
    if (typeof value === 'bigint') return this.scalar(JSON.stringify(String(value)));
    if (value === null || typeof value !== 'object') return this.scalar(JSON.stringify(value) ?? 'null');
    if (depth >= MAX_DEPTH) return this.scalar(CUT_ITEM);
    if (Array.isArray(value)) return this.list(value, shapes, depth);
    return this.object(
      Object.entries(value).flatMap(([key, inner]) => {
        const innerSchemas = entrySchemas(shapes, key);
        return innerSchemas ? [{ key, value: inner as unknown, schemas: innerSchemas }] : [];
      }),
      depth,
    );
  }

  private scalar(text: string) {
    return this.take(text.length) ? text : null;
  }

  private list(items: readonly unknown[], shapes: readonly $ZodType[], depth: number) {
    if (!this.take(2 + 1 + CUT_ITEM.length)) return null;
    const written: string[] = [];
    let cut = items.length > MAX_ITEMS;
    for (const [index, item] of items.slice(0, MAX_ITEMS).entries()) {
      const comma = written.length ? 1 : 0;
      if (!this.take(comma)) {
        cut = true;
        break;
      }
      const text = this.value(item, itemSchemas(shapes, index), depth + 1);
      if (text === null) {
        this.left += comma;
        cut = true;
        break;
      }
      written.push(text ?? 'null');
    }
    if (cut) written.push(CUT_ITEM);
    else this.left += 1 + CUT_ITEM.length;
    return `[${written.join(',')}]`;
  }

  /** An object of the given entries, in order; also the record's top level. */
  object(entries: readonly { key: string; value: unknown; schemas: readonly $ZodType[] }[], depth: number) {
    if (!this.take(2 + 1 + CUT_ENTRY.length)) return null;
    const written: string[] = [];
    let cut = false;
    for (const entry of entries) {
      const key = `${JSON.stringify(cutText(entry.key))}:`;
      const comma = written.length ? 1 : 0;
      if (!this.take(comma + key.length)) {
        cut = true;
        break;
      }
      const text = this.value(entry.value, entry.schemas, depth + 1);
      if (text === undefined || text === null) this.left += comma + key.length;
      if (text === null) {
        cut = true;
        break;
      }
      if (text !== undefined) written.push(key + text);
    }
    if (cut) written.push(CUT_ENTRY);
    else this.left += 1 + CUT_ENTRY.length;
    return `{${written.join(',')}}`;
  }
}

/**
 * What the operation log records of a request: the path parameters, query and body as the route's
 * schemas parsed them (unknown keys are gone), secret fields masked by their mark in the contract
 * whatever they are called, at most MAX_DEPTH levels deep, MAX_TEXT characters a text and
 * MAX_LENGTH in all, every cut marked. Bounded in work as in size, so it cannot fail on what a
 * request holds.
 */
export function loggedInput(def: RouteDef, input: ParsedInput): string {
  const parts = (['params', 'query', 'body'] as const).flatMap((where) => {
    const schema = def.options[where];
    return schema && input[where] !== undefined ? [{ key: where, value: input[where], schemas: [schema] }] : [];
  });
  // The parts themselves sit one level below the record.
  return new BoundedJson(MAX_LENGTH).object(parts, -1) ?? '{}';
}
