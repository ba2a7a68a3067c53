import { platformSettingApi, type PlatformSetting } from '@lightdesk/contract';
import { call } from '../../../lib/http';
import { resourceCache } from '../../../lib/resource-cache';

export const platformSettingCache = resourceCache('system', 'platform-setting');

/** The platform's single settings row. */
export const platformSettingQuery = () => platformSettingCache.query(platformSettingApi.get);
export const updatePlatformSetting = (body: PlatformSetting) => call(platformSettingApi.update, body);
