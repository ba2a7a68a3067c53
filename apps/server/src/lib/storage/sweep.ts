import type { SQL } from 'drizzle-orm';
import { defineJob } from '../jobs';

/**
 * How long a file nothing refers to is kept after it was put. A file is put before the row that
 * refers to it is saved: in the same request (a feedback picture, an avatar), or, for firmware
 * and app packages, by the console form that uploads it and is saved later — perhaps after lunch.
 */
export const UNREFERENCED_FILE_GRACE_MS = 86_400_000;

/**
 * Deletes stored files that were put more than the grace period ago and that no reference
 * names: `references` are every area's `fileReferences` and the cluster's probe files.
 */
export const fileSweepJob = (references: readonly SQL[]) =>
  defineJob({
    name: 'system/file-sweep',
    counts: ['files'],
    schedule: { everyMinutes: 60 },
    run: async ({ ctx, signal }) => ({
      files: await ctx.files.storage.sweep(references, new Date(ctx.clock.now().getTime() - UNREFERENCED_FILE_GRACE_MS), signal),
    }),
  });
