import type { PlatformSetting } from '@lightdesk/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/http';

/** The platform's single settings row. */
export const platformSettingQuery = () =>
  queryOptions({ queryKey: ['system', 'platform-setting'], queryFn: () => api.get<PlatformSetting>('/system/platform-setting/get') });
export const updatePlatformSetting = (body: PlatformSetting) => api.put<boolean>('/system/platform-setting/update', body);
