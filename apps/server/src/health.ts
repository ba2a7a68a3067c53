import { defineRoutes, SENT } from './lib/routes';

/** Plain HTTP statuses: load balancers and orchestrators read these, not envelopes. */
export default defineRoutes((r, _ctx) => {
  r.get('/health', { public: true, summary: 'The process is up' }, ({ reply }) => {
    void reply.send({ status: 'ok' });
    return SENT;
  });
});

export const readyRoute = (ping: () => Promise<void>) =>
  defineRoutes((r) => {
    r.get('/ready', { public: true, summary: 'The database answers' }, async ({ reply }) => {
      try {
        await ping();
        void reply.send({ status: 'ready' });
      } catch {
        void reply.code(503).send({ status: 'database unreachable' });
      }
      return SENT;
    });
  });
