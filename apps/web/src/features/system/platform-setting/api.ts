import type { PlatformSetting } from '@lightdesk/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/http';
import { resourceCache } from '../../../lib/resource-cache';

export const platformSettingCache = resourceCache('system', 'platform-setting');

/** The platform's single settings row. */
export const platformSettingQuery = () =>
  queryOptions({ queryKey: platformSettingCache.key(), queryFn: () => api.get<PlatformSetting>('/system/platform-setting/get') });
export const updatePlatformSetting = (body: PlatformSetting) => api.put<boolean>('/system/platform-setting/update', body);
