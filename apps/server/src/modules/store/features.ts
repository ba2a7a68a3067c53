import type { AppFeatures } from '@lightdesk/contract';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { readPlatformSettings, readSetting } from '../system';
import { appUserSettings } from './schema';

/** What an app user may do: their advanced settings where set, else the platform's defaults. */
export async function effectiveFeatures(db: Database, appUserId: number): Promise<AppFeatures> {
  const [[own], maxStores, maxDevicesPerStore, heatmap, customerCounting, platform] = await Promise.all([
    db.select().from(appUserSettings).where(eq(appUserSettings.appUserId, appUserId)),
    readSetting(db, 'app.max-stores'),
    readSetting(db, 'app.max-devices-per-store'),
    readSetting(db, 'app.heatmap'),
    readSetting(db, 'app.customer-counting'),
    readPlatformSettings(db),
  ]);
  return {
    maxStores: own?.maxStores ?? maxStores,
    maxDevicesPerStore: own?.maxDevicesPerStore ?? maxDevicesPerStore,
    heatmap: own?.heatmap ?? heatmap,
    customerCounting: own?.customerCounting ?? customerCounting,
    retentionDays: own?.retentionDays ?? platform.dataRetentionDays,
  };
}
