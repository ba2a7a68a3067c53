import { appStoreApi, type AppInstall, type StoreCreate } from '@lightdesk/contract';
import { randomToken } from '../lib/secrets';
import { ApiClient, type TestApp } from './test-app';
import { createAppSession } from '../modules/store/app-auth/app-sessions';
import { appUsers } from '../modules/store/schema';

/** A precomputed hash: no test signs in with it, and argon2 per app user would slow every test. */
const NO_SIGN_IN = 'test-only: not a password hash';

/**
 * An app user as the app would have one after registering and signing in, made directly in the
 * database so tests of other flows don't repeat registration: the client carries their app token.
 */
export async function appUserClient(t: TestApp, values: { nickname?: string; email?: string; mobile?: string; countryCode?: string } = {}) {
  const email = values.email ?? (values.mobile ? '' : `${randomToken(6).toLowerCase()}@example.com`);
  const [user] = await t.ctx.db
    .insert(appUsers)
    .values({ email, mobile: values.mobile ?? '', nickname: values.nickname ?? 'App user', countryCode: values.countryCode ?? 'NL', passwordHash: NO_SIGN_IN })
    .returning();
  const { token } = await createAppSession(t.ctx, user!.id, { ip: '127.0.0.1', userAgent: 'test' });
  return { user: user!, client: new ApiClient(t.api.base, token) };
}

let installs = 0;
/** The install a test phone signs in from. */
export const testInstall = (values: Partial<AppInstall> = {}): AppInstall => ({
  installId: `install-${++installs}`,
  platform: 'android',
  model: 'Pixel 8',
  osVersion: '15',
  appVersion: '2.4.0',
  pushId: '',
  ...values,
});

/** A store created through the app API by `client`, which becomes its admin. */
export async function appStore(client: ApiClient, values: Partial<StoreCreate> = {}) {
  const res = await client.send(appStoreApi.create, { meshName: 'Corner shop', timezone: 'Europe/Amsterdam', country: 'NL', address: 'Dam 1', ...values });
  if (res.code !== 200) throw new Error(`store creation failed: ${res.egMsg}`);
  return res.data;
}
