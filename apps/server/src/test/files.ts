import { UNREFERENCED_FILE_GRACE_MS } from '../lib/storage';
import type { TestApp } from './test-app';

/**
 * Runs the stored-file sweep as it will run `laterMs` from now (once the grace period has passed
 * unless told), without moving the server's clock: sessions and codes stay valid.
 */
export async function sweepFiles(t: TestApp, laterMs = UNREFERENCED_FILE_GRACE_MS + 1000): Promise<void> {
  const sweep = t.jobs.definitions.find((d) => d.name === 'system/file-sweep')!;
  const later = new Date(t.clock.now().getTime() + laterMs);
  await sweep.run({ ctx: { ...t.ctx, clock: { now: () => later } }, payload: undefined, attempt: 1, runId: 0, signal: new AbortController().signal });
}
