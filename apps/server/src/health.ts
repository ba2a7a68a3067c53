import { defineRoutes, SENT } from './lib/routes';

/** Where the process says it is up: answered without the database, even while the server sheds load (app.ts). */
export const LIVENESS_PATH = '/health';

/** Plain HTTP statuses: load balancers and orchestrators read these, not envelopes. */
export default defineRoutes((r, _ctx) => {
  r.get(LIVENESS_PATH, { public: true, summary: 'The process is up' }, ({ reply }) => {
    void reply.send({ status: 'ok' });
    return SENT;
  });
});

/**
 * Ready to serve: the database answers, and nothing else this server needs is missing (the MQTT
 * broker, files another server wrote). A 503 names what is wrong, for the person reading the
 * load balancer's or orchestrator's log.
 */
export const readyRoute = (ping: () => Promise<void>, problems: () => Promise<string[]>) =>
  defineRoutes((r) => {
    r.get('/ready', { public: true, summary: 'The database, the MQTT broker and the file storage answer' }, async ({ reply }) => {
      try {
        await ping();
      } catch {
        void reply.code(503).send({ status: 'database unreachable', problems: ['the database (DATABASE_URL) does not answer'] });
        return SENT;
      }
      const found = await problems().catch((err: unknown) => [`readiness could not be checked: ${err instanceof Error ? err.message : String(err)}`]);
      void (found.length ? reply.code(503).send({ status: 'not ready', problems: found }) : reply.send({ status: 'ready' }));
      return SENT;
    });
  });
