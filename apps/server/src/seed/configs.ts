import type { Database } from '../db/client';
import { configs } from '../db/schema';
import { ensurePlatformSettings, SETTINGS } from '../lib/settings';

/**
 * Built-in parameter settings and the platform settings row. Runs on every start and adds
 * only what is missing, so a database made by an older version gets them and edits are kept.
 */
export async function seedConfigs(db: Database) {
  const rows = Object.entries(SETTINGS).map(([key, s]) => ({
    key,
    name: s.name,
    value: String(s.default),
    valueType: s.type,
    builtIn: true,
    remark: s.remark,
  }));
  await db.insert(configs).values(rows).onConflictDoNothing({ target: configs.key });
  await ensurePlatformSettings(db);
}
