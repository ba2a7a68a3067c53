import { reportApi } from '@lightdesk/contract';
import { defineRoutes } from '../../../lib/routes';
import { unauthorized } from '../../../lib/errors';
import { senderOf } from './authenticate';
import { ingestReports } from './ingest';

export default defineRoutes((r, ctx) => {
  r.endpoint(reportApi.report, async ({ body, req }) => {
    const sender = senderOf(req);
    if (!sender) throw unauthorized();
    return ingestReports(ctx.db, sender, body.reports, ctx.clock.now());
  });
});
