import { jobApi, jobRunApi, type JobQuery, type JobRunQuery } from '@lightdesk/contract';
import { call } from '../../../lib/http';
import { resourceCache } from '../../../lib/resource-cache';

export const jobCache = resourceCache('system', 'job');

export const jobPageQuery = (q: JobQuery) => jobCache.query(jobApi.page, q);

export const jobRunPageQuery = (q: JobRunQuery) => jobCache.query(jobRunApi.page, q);

/** Queues a run of a scheduled job; a runner of the deployment starts it within seconds. */
export const runJob = (name: string) => call(jobApi.run, { name });
