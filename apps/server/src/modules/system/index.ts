/**
 * Administration: staff and their sign-in, roles, departments, posts, menus, dictionaries,
 * parameters, platform settings, areas, agents and agent packages, logs, sessions, jobs.
 * What other areas and the app may use is exported here; nothing else of this folder is.
 */
import { sql } from 'drizzle-orm';
import type { Area } from '../../lib/routes';
import areaRoutes from './area/routes';
import authRoutes from './auth/routes';
import configRoutes from './config/routes';
import deptRoutes from './dept/routes';
import dictRoutes from './dict/routes';
import jobRoutes from './job/routes';
import logRoutes from './log/routes';
import menuRoutes from './menu/routes';
import platformSettingRoutes from './platform-setting/routes';
import postRoutes from './post/routes';
import profileRoutes from './profile/routes';
import roleRoutes from './role/routes';
import sessionRoutes from './session/routes';
import tenantPackageRoutes from './tenant-package/routes';
import tenantRoutes from './tenant/routes';
import userRoutes from './user/routes';
import avatarRoutes from './user/avatar';
import { authenticateStaff } from './auth/staff-sessions';
import { accountPurgeJob } from './auth/account';
import { logRetentionJob } from './log/retention';
import { users } from './schema';

export const systemArea: Area = {
  name: 'system',
  authenticators: { staff: authenticateStaff },
  routes: [
    authRoutes,
    dictRoutes,
    postRoutes,
    menuRoutes,
    configRoutes,
    platformSettingRoutes,
    areaRoutes,
    userRoutes,
    avatarRoutes,
    profileRoutes,
    roleRoutes,
    deptRoutes,
    tenantRoutes,
    tenantPackageRoutes,
    logRoutes,
    jobRoutes,
    sessionRoutes,
  ],
  jobs: [accountPurgeJob, logRetentionJob],
  // A staff avatar is a stored file's key or a picture's URL.
  fileReferences: [sql`select ${users.avatar} from ${users}`],
};

export { recordRefusedOperation, startOperation, type ParsedInput } from './log/operate-log';
export { seedDatabase } from './seed/seed';
export { framedOrigins } from './menu/framed';
export { assertSmsAvailable, sendCodeSms, useSmsSender } from './auth/sms';
export type { SmsMessage, SmsSender } from './auth/sms-senders';
/** The guard against password guessing, which the app's sign-in shares with the console's. */
export { anonymiseLogins, APP_SIGN_IN, judgePassword, metaOf, recordLogin, throttleAddress, throttleGuessing, type ClientMeta } from './auth/password-guessing';
export { readPlatformSettings, readSetting, settingSql } from './config/settings';
export { storedDictionaries } from './dict/stored-labels';
export { PLATFORM_TENANT, staffIdOf } from './seed/seed';
export { staffCancellations } from './auth/cancellations';
export { areas, dictData, platformSettings, tenants, users } from './schema';
/** A staff member's access as a sign-in would give it, for work a job does on their behalf. */
export { staffAccess } from './auth/staff-sessions';
