import { eq } from 'drizzle-orm';
import type { AppContext } from '../../../lib/context';
import { countOf } from '../../../lib/sql';
import { firmwares } from './schema';

/** Deletes a stored firmware file no package uses any more (packages share a file by content). */
export async function forgetFirmwareFile(ctx: AppContext, fileKey: string) {
  const [used] = await ctx.db.select({ n: countOf }).from(firmwares).where(eq(firmwares.fileKey, fileKey));
  if (used?.n === 0) await ctx.files.storage.delete(fileKey);
}
