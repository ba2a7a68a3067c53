import { platformSettingApi } from '@lightdesk/contract';
import { readPlatformSettings, writePlatformSettings } from '../config/settings';
import { defineRoutes } from '../../../lib/routes';

export default defineRoutes((r, ctx) => {
  r.endpoint(platformSettingApi.get, () => readPlatformSettings(ctx.db));

  r.endpoint(platformSettingApi.update, async ({ body }) => {
    await writePlatformSettings(ctx.db, body, ctx.clock.now());
    return true;
  });

  r.endpoint(platformSettingApi.info, async () => {
    const { platformName, defaultBrand } = await readPlatformSettings(ctx.db);
    return { platformName, defaultBrand };
  });
});
