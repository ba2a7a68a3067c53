import { and, eq, notInArray } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { configs } from '../schema';
import { ensurePlatformSettings, SETTINGS } from '../config/settings';

/**
 * Built-in parameter settings and the platform settings row. Runs on every start and adds
 * only what is missing, so a database made by an older version gets them and edits are kept.
 * Built-in entries the server no longer reads are removed: nothing would obey them.
 */
export async function seedConfigs(db: Database) {
  const keys = Object.keys(SETTINGS);
  const rows = Object.entries(SETTINGS).map(([key, s]) => ({
    key,
    name: s.name,
    value: String(s.default),
    valueType: s.type,
    builtIn: true,
    remark: s.remark,
  }));
  await db.delete(configs).where(and(eq(configs.builtIn, true), notInArray(configs.key, keys)));
  await db.insert(configs).values(rows).onConflictDoNothing({ target: configs.key });
  await ensurePlatformSettings(db);
}
