import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import type { StoredDictionaries } from '../../../lib/excel';
import { dictData, dictTypes } from '../schema';

/**
 * The labels of the enabled entries of some dictionaries, by type and value: what the web's
 * dictionary cache holds (GET dict-data list-all-simple), so a file shows an entry as the lists do.
 */
export const storedDictionaries =
  (db: Database): StoredDictionaries =>
  async (types) => {
    const rows = await db
      .select({ type: dictData.dictType, value: dictData.value, label: dictData.label })
      .from(dictData)
      .innerJoin(dictTypes, eq(dictTypes.type, dictData.dictType))
      .where(and(inArray(dictData.dictType, [...types]), eq(dictData.status, 0), eq(dictTypes.status, 0)));
    const labels: Record<string, Record<string, string>> = {};
    for (const row of rows) (labels[row.type] ??= {})[row.value] = row.label;
    return labels;
  };
