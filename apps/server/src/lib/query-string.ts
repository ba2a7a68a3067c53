/**
 * The query strings of every route, with nesting: the analytics client sends objects as
 * `period[kind]=month` and arrays as `storeIds[0]=1` (or `storeIds[]=1`, or a repeated key), and
 * the contract's schemas expect `{ period: { kind } }` and `{ storeIds: [...] }`.
 *
 * Built for hostile input: names that reach an object's prototype (`__proto__`, `constructor`,
 * `prototype`) are dropped, containers have no prototype, nesting deeper than MAX_DEPTH and pairs
 * beyond MAX_PAIRS are ignored. A pair that contradicts another (`a=1&a[b]=2`) keeps the first
 * shape, so the schema names the field rather than the parser guessing.
 */
const MAX_DEPTH = 5;
const MAX_PAIRS = 1000;
const FORBIDDEN = new Set(['__proto__', 'constructor', 'prototype']);
const KEY = /^([^[\]]+)((?:\[[^[\]]*\])*)$/;

type Value = string | Container;
/** An object under construction; `list` marks one that bracket indexes (`[]`, `[0]`) made an array. */
interface Container {
  entries: Map<string, Value>;
  list: boolean;
}

const container = (list: boolean): Container => ({ entries: new Map(), list });
const isContainer = (value: Value | undefined): value is Container => typeof value === 'object';

/** A name or value of a query string as the parser reads it: `+` a space, then percent-decoded where that is valid. */
export function decode(text: string): string {
  const spaced = text.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
}

/** The key's path (`period[kind]` → ['period', 'kind']), or undefined for a pair to ignore. */
function pathOf(key: string): string[] | undefined {
  const m = KEY.exec(key);
  const path = m ? [m[1]!, ...Array.from(m[2]!.matchAll(/\[([^[\]]*)\]/g), (s) => s[1]!)] : [key];
  if (path.length > MAX_DEPTH + 1 || path.some((segment) => FORBIDDEN.has(segment))) return undefined;
  return path;
}

/** Adds a value under `name`: a second value for the same name makes a list, as repeated keys do. */
function put(into: Container, name: string, value: string) {
  const existing = into.entries.get(name);
  if (existing === undefined) return void into.entries.set(name, value);
  if (isContainer(existing)) {
    if (existing.list) existing.entries.set(String(existing.entries.size), value);
    return;
  }
  const list = container(true);
  list.entries.set('0', existing);
  list.entries.set('1', value);
  into.entries.set(name, list);
}

function insert(root: Container, path: string[], value: string) {
  let at = root;
  for (let i = 0; i < path.length - 1; i++) {
    const next = path[i + 1]!;
    const name = path[i] === '' ? String(at.entries.size) : path[i]!;
    const existing = at.entries.get(name);
    if (existing !== undefined && !isContainer(existing)) return;
    if (existing) at = existing;
    else {
      const made = container(next === '' || /^\d+$/.test(next));
      at.entries.set(name, made);
      at = made;
    }
  }
  const last = path[path.length - 1]!;
  put(at, last === '' ? String(at.entries.size) : last, value);
}

/** Arrays ordered by their indexes (gaps closed); everything else a prototype-free object. */
function materialise(value: Value): unknown {
  if (!isContainer(value)) return value;
  const indexed = value.list && [...value.entries.keys()].every((k) => /^\d+$/.test(k));
  if (indexed) {
    return [...value.entries.entries()].sort(([a], [b]) => Number(a) - Number(b)).map(([, v]) => materialise(v));
  }
  const out = Object.create(null) as Record<string, unknown>;
  for (const [k, v] of value.entries) out[k] = materialise(v);
  return out;
}

export function parseQueryString(text: string): Record<string, unknown> {
  const root = container(false);
  let pairs = 0;
  for (const pair of text.split('&')) {
    if (pair === '') continue;
    if (++pairs > MAX_PAIRS) break;
    const eq = pair.indexOf('=');
    const path = pathOf(decode(eq < 0 ? pair : pair.slice(0, eq)));
    if (path) insert(root, path, eq < 0 ? '' : decode(pair.slice(eq + 1)));
  }
  return materialise(root) as Record<string, unknown>;
}
