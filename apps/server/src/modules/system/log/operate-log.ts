import { ResultCode } from '@lightdesk/contract';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { operateLog } from '../schema';
import type { AppContext, Session } from '../../../lib/context';
import type { RouteDef } from '../../../lib/routes';
import { loggedInput, type ParsedInput } from './logged-input';

export type { ParsedInput };

/**
 * The operation log (spec: operation log): who changed what, when, with what result, how fast,
 * from where. A staff write's line is written before the write runs and completed after it, so
 * no write happens that the log does not show: if the line cannot be written, the write is not
 * run. What the line records of the request is prepared first, from the input as the route's
 * schemas parsed it (docs/operations.md, "Operation log").
 */
function lineOf(ctx: AppContext, def: RouteDef, req: FastifyRequest, session: Session, input: ParsedInput) {
  const segments = def.url.split('/').filter(Boolean);
  return {
    tenantId: session.tenantId,
    userId: session.userId,
    username: session.username,
    module: segments.slice(1, -1).join('/') || segments[0] || '',
    action: def.options.summary ?? segments.at(-1) ?? '',
    method: def.method,
    path: def.url,
    params: loggedInput(def, input),
    ip: req.ip,
    userAgent: String(req.headers['user-agent'] ?? '').slice(0, 500),
    createdAt: ctx.clock.now(),
  };
}

const elapsed = (startedAt: number) => Math.round(performance.now() - startedAt);

/** Records a staff write refused before it ran (its input did not parse): the parts that did parse. */
export async function recordRefusedOperation(
  ctx: AppContext,
  def: RouteDef,
  req: FastifyRequest,
  session: Session,
  input: ParsedInput,
  resultCode: number,
  startedAt: number,
) {
  const line = lineOf(ctx, def, req, session, input);
  try {
    await ctx.db.insert(operateLog).values({ ...line, resultCode, durationMs: elapsed(startedAt) });
  } catch (err) {
    // Nothing was changed; the refusal is answered whether or not its line could be written.
    ctx.log.error({ err }, 'operation log write failed');
  }
}

/**
 * Writes the line of a staff write about to run, as unexpected (500) until `finish` records the
 * outcome: a server that stops mid-write leaves the line saying so. Throws when the line cannot
 * be written, and then the write must not run.
 */
export async function startOperation(ctx: AppContext, def: RouteDef, req: FastifyRequest, session: Session, input: ParsedInput, startedAt: number) {
  const line = lineOf(ctx, def, req, session, input);
  const [row] = await ctx.db
    .insert(operateLog)
    .values({ ...line, resultCode: ResultCode.unexpected, durationMs: 0 })
    .returning({ id: operateLog.id });
  return {
    async finish(resultCode: number) {
      try {
        await ctx.db
          .update(operateLog)
          .set({ resultCode, durationMs: elapsed(startedAt) })
          .where(eq(operateLog.id, row!.id));
      } catch (err) {
        // The write is done and its line exists; only the outcome is missing from it.
        ctx.log.error({ err }, 'operation log outcome write failed');
      }
    },
  };
}
