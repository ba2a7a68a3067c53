import type { FastifyRequest } from 'fastify';
import { operateLog } from '../schema';
import type { AppContext, Session } from '../../../lib/context';
import type { RouteDef } from '../../../lib/routes';

/** Fields whose values never reach the log (SMS codes travel only on public routes, which are not logged). */
const SECRET = /password|token|captcha|secret/i;

function redact(value: unknown, depth = 0): unknown {
  if (depth > 4 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.slice(0, 50).map((v) => redact(v, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, SECRET.test(k) ? '***' : redact(v, depth + 1)]));
}

/** Records one mutating request (spec: operation log): who, what, when, result, duration, IP. */
export async function recordOperation(ctx: AppContext, def: RouteDef, req: FastifyRequest, session: Session, resultCode: number, startedAt: number) {
  const segments = def.url.split('/').filter(Boolean);
  try {
    await ctx.db.insert(operateLog).values({
      tenantId: session.tenantId,
      userId: session.userId,
      username: session.username,
      module: segments.slice(1, -1).join('/') || segments[0] || '',
      action: def.options.summary ?? segments.at(-1) ?? '',
      method: def.method,
      path: def.url,
      params: JSON.stringify(redact({ query: req.query, body: req.body })).slice(0, 2000),
      resultCode,
      durationMs: Math.round(performance.now() - startedAt),
      ip: req.ip,
      userAgent: String(req.headers['user-agent'] ?? '').slice(0, 500),
      createdAt: ctx.clock.now(),
    });
  } catch (err) {
    // The operation itself already happened; a failed log line must not turn it into an error.
    ctx.log.error({ err }, 'operation log write failed');
  }
}
