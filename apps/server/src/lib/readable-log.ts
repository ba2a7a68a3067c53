/**
 * The log as a person at a terminal reads it: one short line per entry (time, level, message, the
 * other fields as key=value), and one line per request instead of two. Log collectors get pino's
 * JSON lines; main.ts picks this only when its output is a terminal.
 */
const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO ', 40: 'WARN ', 50: 'ERROR', 60: 'FATAL' };
const COLOURS: Record<number, string> = { 40: '\x1b[33m', 50: '\x1b[31m', 60: '\x1b[31m' };
const RESET = '\x1b[0m';
const OMITTED = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'reqId', 'req', 'res', 'responseTime', 'err']);
/** Requests still in flight, so their completion can name them; bounded, since a request may never complete. */
const MAX_OPEN_REQUESTS = 1000;

interface Entry {
  level: number;
  time: number;
  msg?: string;
  reqId?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  err?: { message?: string; stack?: string };
  [field: string]: unknown;
}

const value = (v: unknown) => (typeof v === 'string' ? (/\s/.test(v) ? JSON.stringify(v) : v) : JSON.stringify(v));

export function readableLog(colour: boolean) {
  const openRequests = new Map<string, string>();

  /** The readable line for one JSON log line, or null for one that adds nothing (a request's start). */
  return function line(json: string): string | null {
    let entry: Entry;
    try {
      entry = JSON.parse(json) as Entry;
    } catch {
      return json.trimEnd();
    }
    let message = entry.msg ?? '';
    if (entry.req && entry.reqId) {
      if (openRequests.size >= MAX_OPEN_REQUESTS) openRequests.delete(openRequests.keys().next().value!);
      openRequests.set(entry.reqId, `${entry.req.method} ${entry.req.url}`);
      if (message === 'incoming request') return null;
    }
    if (entry.res && entry.reqId) {
      const request = openRequests.get(entry.reqId) ?? 'request';
      openRequests.delete(entry.reqId);
      message = `${request} → ${entry.res.statusCode}${entry.responseTime === undefined ? '' : ` in ${Math.round(entry.responseTime)} ms`}`;
    }
    const fields = Object.entries(entry)
      .filter(([key]) => !OMITTED.has(key))
      .map(([key, v]) => `${key}=${value(v)}`);
    const time = new Date(entry.time).toTimeString().slice(0, 8);
    const level = LEVELS[entry.level] ?? String(entry.level);
    const shown = colour && COLOURS[entry.level] ? `${COLOURS[entry.level]}${level}${RESET}` : level;
    const error = entry.err ? `\n  ${(entry.err.stack ?? entry.err.message ?? '').split('\n').join('\n  ')}` : '';
    return `${time} ${shown} ${message}${fields.length ? `  ${fields.join(' ')}` : ''}${error}`;
  };
}

/** A pino destination writing readable lines to `out` (a terminal). */
export function readableLogStream(out: NodeJS.WriteStream) {
  const line = readableLog(out.hasColors?.() ?? false);
  return {
    write(chunk: string) {
      for (const json of chunk.split('\n')) {
        const text = json && line(json);
        if (text) out.write(`${text}\n`);
      }
    },
  };
}
