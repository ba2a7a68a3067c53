import { configValueProblem, type ConfigValueType, type PlatformSetting } from '@lightdesk/contract';
import { eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { configs, platformSettings } from '../schema';

type Definition<T> = { name: string; type: ConfigValueType; default: T; remark: string };
const boolean = (name: string, value: boolean, remark: string): Definition<boolean> => ({ name, type: 'boolean', default: value, remark });
const number = (name: string, value: number, remark: string): Definition<number> => ({ name, type: 'number', default: value, remark });
const text = (name: string, value: string, remark: string): Definition<string> => ({ name, type: 'string', default: value, remark });

/**
 * Parameter settings the server itself reads. They are seeded as built-in entries: editable in
 * the console, never deletable; a missing or unreadable entry falls back to its default. Only
 * what some code reads belongs here: the console shows every entry, and a setting nothing
 * obeys would mislead whoever changes it.
 */
export const SETTINGS = {
  'security.captcha.enabled': boolean('Captcha on sign-in', true, 'Asked only when LIGHTDESK_CAPTCHA is on as well'),
  'security.login.max-failures': number(
    'Sign-in failures before delays',
    5,
    'Failed sign-ins of one username or app account from one address (1 to 100) before each further attempt waits longer and, at the console, must solve the captcha',
  ),
  'upload.max-size-mb': number('Largest upload (MB)', 100, 'Uploads above this size are refused: staff pictures now, firmware and app packages as they come'),
  'app.max-stores': number('Stores per app user', 10, 'How many stores one app user may administer, unless their advanced settings say otherwise'),
  'app.max-devices-per-store': number('Devices per store', 500, "How many devices one store may hold, unless its admin's advanced settings say otherwise"),
  'app.heatmap': boolean('Heatmap for app users', true, "Whether app users' stores get the heatmap, unless their advanced settings say otherwise"),
  'app.customer-counting': boolean(
    'Customer counting for app users',
    true,
    "Whether app users' stores get customer counting, unless their advanced settings say otherwise",
  ),
  'app.cancellation.grace-days': number(
    'Account cancellation grace (days)',
    7,
    "Days after a cancellation request, an app user's or a staff account's, before the purge job deletes the personal data",
  ),
  'analytics.rollup-retention-days': number(
    'Analytics kept for (days)',
    1095,
    'Hourly and daily analytics older than this are removed; raw reports follow the data retention period',
  ),
  'analytics.report-timezone': text(
    'Time zone of reports on several stores',
    'UTC',
    'Reports by e-mail on several or all stores go out at 07:00 in this IANA time zone (e.g. Europe/Amsterdam); a report on one store follows that store’s zone',
  ),
  'device.heartbeat-seconds': number('Device heartbeat interval (seconds)', 60, 'How often gateways and devices are asked to report at least a heartbeat'),
  'device.offline-timeout-seconds': number(
    'Device offline after (seconds)',
    180,
    'A device without a report for this long is shown offline (three heartbeat intervals by default)',
  ),
  'device.group-control.max-stores': number('Group control store cap', 20, 'How many stores one group control command may go to at once'),
  'device.command.timeout-seconds': number(
    'Device command timeout (seconds)',
    30,
    "A command a store's gateway has not acknowledged after this long is shown timed out",
  ),
} satisfies Record<string, Definition<unknown>>;

export type SettingKey = keyof typeof SETTINGS;
export type SettingValue<K extends SettingKey> = (typeof SETTINGS)[K]['default'];

/** The typed value of a built-in parameter, or its default when the entry is missing or unreadable. */
export async function readSetting<K extends SettingKey>(db: Database, key: K): Promise<SettingValue<K>> {
  const definition: Definition<SettingValue<K>> = SETTINGS[key];
  const [row] = await db.select({ value: configs.value }).from(configs).where(eq(configs.key, key));
  if (!row || configValueProblem(definition.type, row.value)) return definition.default;
  if (definition.type === 'boolean') return row.value === 'true';
  return definition.type === 'number' ? Number(row.value) : row.value;
}

/**
 * A built-in parameter's current value inside a query, its default when the entry is missing:
 * for lists that show, per row, what applies unless a person's own setting says otherwise.
 * Values were checked against their type when saved.
 */
export function settingSql<K extends SettingKey>(key: K): SQL {
  const definition: Definition<SettingValue<K>> = SETTINGS[key];
  const value = sql`(select ${configs.value} from ${configs} where ${configs.key} = ${key})`;
  if (definition.type === 'string') return sql`coalesce(${value}, ${definition.default})`;
  return definition.type === 'boolean' ? sql`coalesce(${value} = 'true', ${definition.default})` : sql`coalesce((${value})::numeric, ${definition.default})`;
}

const PLATFORM_ROW = 1;
const platformColumns = {
  platformName: platformSettings.platformName,
  defaultBrand: platformSettings.defaultBrand,
  registrationOpen: platformSettings.registrationOpen,
  dataRetentionDays: platformSettings.dataRetentionDays,
  supportEmail: platformSettings.supportEmail,
};

/** The platform's single settings row, created with the schema's defaults if a start has not yet. */
export async function readPlatformSettings(db: Database): Promise<PlatformSetting> {
  const read = () => db.select(platformColumns).from(platformSettings).where(eq(platformSettings.id, PLATFORM_ROW));
  let [row] = await read();
  if (!row) {
    await ensurePlatformSettings(db);
    [row] = await read();
  }
  return row as PlatformSetting;
}

export async function ensurePlatformSettings(db: Database) {
  await db.insert(platformSettings).values({ id: PLATFORM_ROW }).onConflictDoNothing();
}

export async function writePlatformSettings(db: Database, values: PlatformSetting, now: Date) {
  await ensurePlatformSettings(db);
  await db
    .update(platformSettings)
    .set({ ...values, updatedAt: now })
    .where(eq(platformSettings.id, PLATFORM_ROW));
}
