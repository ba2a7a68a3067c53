import { PlatformInfo, PlatformSetting } from '@lightdesk/contract';
import { readPlatformSettings, writePlatformSettings } from '../config/settings';
import { defineRoutes } from '../../../lib/routes';

/** The platform's single settings row: platform staff only; its name and brand are public for the sign-in screen. */
export default defineRoutes((r, ctx) => {
  r.get(
    '/api/system/platform-setting/get',
    { permission: 'system:platform-setting:query', platform: true, response: PlatformSetting, summary: 'The platform settings' },
    () => readPlatformSettings(ctx.db),
  );

  r.put(
    '/api/system/platform-setting/update',
    { permission: 'system:platform-setting:update', platform: true, body: PlatformSetting, summary: 'Change the platform settings' },
    async ({ body }) => {
      await writePlatformSettings(ctx.db, body, ctx.clock.now());
      return true;
    },
  );

  r.get('/open/platform-info', { public: true, response: PlatformInfo, summary: 'Platform name and default brand, for the sign-in screen' }, async () => {
    const { platformName, defaultBrand } = await readPlatformSettings(ctx.db);
    return { platformName, defaultBrand };
  });
});
