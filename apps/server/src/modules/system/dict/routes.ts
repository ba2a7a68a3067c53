import { DictData, DictTypeParam } from '@lightdesk/contract';
import { and, asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { dictData, dictTypes } from '../../../db/schema';
import { defineRoutes } from '../../../lib/routes';

const columns = {
  dictType: dictData.dictType,
  value: dictData.value,
  label: dictData.label,
  colorType: dictData.colorType,
  cssClass: dictData.cssClass,
  sort: dictData.sort,
};

export default defineRoutes((r, { db }) => {
  r.get('/api/system/dict-data/type/:type', { signedIn: true, params: DictTypeParam, response: z.array(DictData), summary: 'Enabled entries of one dictionary' }, ({ params }) =>
    db
      .select(columns)
      .from(dictData)
      .innerJoin(dictTypes, eq(dictTypes.type, dictData.dictType))
      .where(and(eq(dictData.dictType, params.type), eq(dictData.status, 0), eq(dictTypes.status, 0)))
      .orderBy(asc(dictData.sort), asc(dictData.id)),
  );

  // The web groups these by dictType after sign-in (spec §7); ordered so each group is contiguous.
  r.get('/api/system/dict-data/list-all-simple', { signedIn: true, response: z.array(DictData), summary: 'Every enabled dictionary entry' }, () =>
    db
      .select(columns)
      .from(dictData)
      .innerJoin(dictTypes, eq(dictTypes.type, dictData.dictType))
      .where(and(eq(dictData.status, 0), eq(dictTypes.status, 0)))
      .orderBy(asc(dictData.dictType), asc(dictData.sort), asc(dictData.id)),
  );
});
