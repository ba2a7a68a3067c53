import { jobRunApi, type Job, type JobQuery, type JobRunQuery, type Page } from '@lightdesk/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/http';
import { resourceCache } from '../../../lib/resource-cache';

export const jobCache = resourceCache('system', 'job');

export const jobPageQuery = (q: JobQuery) => queryOptions({ queryKey: jobCache.key('page', q), queryFn: () => api.get<Page<Job>>('/system/job/page', q) });

export const jobRunPageQuery = (q: JobRunQuery) => jobCache.query(jobRunApi.page, q);

/** Queues a run of a scheduled job; a runner of the deployment starts it within seconds. */
export const runJob = (name: string) => api.post<number>('/system/job/run', { name });
