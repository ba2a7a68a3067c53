import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
/** 0 enabled, 1 disabled — the common_status dictionary. */
const status = () => integer('status').notNull().default(0);

/** An agent (reseller) is a tenant; the platform itself is tenant `saas`. */
export const tenants = pgTable('tenants', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  type: text('type', { enum: ['platform', 'agent'] }).notNull(),
  status: status(),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  contactName: text('contact_name').notNull().default(''),
  contactMobile: text('contact_mobile').notNull().default(''),
  staffQuota: integer('staff_quota'),
  /** The agent package: the menus this agent's roles may grant. Null for the platform. */
  packageId: integer('package_id'),
  remark: text('remark').notNull().default(''),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Console accounts (operators, agents' staff). Usernames are unique platform-wide: sign-in names no tenant. */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    nickname: text('nickname').notNull().default(''),
    avatar: text('avatar').notNull().default(''),
    email: text('email').notNull().default(''),
    mobile: text('mobile').notNull().default(''),
    sex: integer('sex').notNull().default(0),
    deptId: integer('dept_id'),
    remark: text('remark').notNull().default(''),
    status: status(),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    lastLoginIp: text('last_login_ip').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_username_key').on(sql`lower(${t.username})`),
    // SMS sign-in finds the account by its mobile number, so a number belongs to one account.
    uniqueIndex('users_mobile_key')
      .on(t.mobile)
      .where(sql`${t.mobile} <> ''`),
    index('users_tenant_idx').on(t.tenantId),
    index('users_dept_idx').on(t.deptId),
  ],
);

export const roles = pgTable(
  'roles',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    code: text('code').notNull(),
    name: text('name').notNull(),
    sort: integer('sort').notNull().default(0),
    /** The system_data_scope dictionary: 1 all, 2 custom departments, 3 own department, 4 own and below, 5 own data only. */
    dataScope: integer('data_scope').notNull().default(1),
    status: status(),
    remark: text('remark').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('roles_tenant_code_key').on(t.tenantId, t.code)],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [uniqueIndex('user_roles_key').on(t.userId, t.roleId), index('user_roles_role_idx').on(t.roleId)],
);

/** Menu tree: directories (D), screens (M) and buttons (B), each with its permission code. */
export const menus = pgTable(
  'menus',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id').notNull().default(0),
    name: text('name').notNull(),
    type: text('type', { enum: ['D', 'M', 'B'] }).notNull(),
    permission: text('permission').notNull().default(''),
    path: text('path').notNull().default(''),
    icon: text('icon').notNull().default(''),
    component: text('component').notNull().default(''),
    componentName: text('component_name').notNull().default(''),
    sort: integer('sort').notNull().default(0),
    visible: boolean('visible').notNull().default(true),
    keepAlive: boolean('keep_alive').notNull().default(true),
    alwaysShow: boolean('always_show').notNull().default(true),
    status: status(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('menus_parent_idx').on(t.parentId)],
);

/**
 * The built-in menu entries already placed in this database, by seed key (a screen's or
 * directory's component name, a button's permission). A start adds the entries of the console
 * it runs that are not recorded here, so an upgrade brings new screens; an entry an operator
 * deleted stays deleted.
 */
export const menuSeeds = pgTable('menu_seeds', {
  key: text('key').primaryKey(),
  menuId: integer('menu_id').notNull(),
});

export const roleMenus = pgTable(
  'role_menus',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    menuId: integer('menu_id')
      .notNull()
      .references(() => menus.id, { onDelete: 'cascade' }),
  },
  (t) => [uniqueIndex('role_menus_key').on(t.roleId, t.menuId)],
);

export const dictTypes = pgTable('dict_types', {
  id: serial('id').primaryKey(),
  type: text('type').notNull().unique(),
  name: text('name').notNull(),
  status: status(),
  remark: text('remark').notNull().default(''),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const dictData = pgTable(
  'dict_data',
  {
    id: serial('id').primaryKey(),
    dictType: text('dict_type').notNull(),
    value: text('value').notNull(),
    label: text('label').notNull(),
    colorType: text('color_type').notNull().default(''),
    cssClass: text('css_class').notNull().default(''),
    sort: integer('sort').notNull().default(0),
    status: status(),
    remark: text('remark').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('dict_data_type_value_key').on(t.dictType, t.value)],
);

/** Opaque bearer tokens, kept only as SHA-256 hashes, so a copy of the table opens no session. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    rememberMe: boolean('remember_me').notNull().default(false),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * Staff accounts at OpenID Connect providers: the provider's (issuer, subject) pair names one
 * person for good, so it belongs to one staff member; each staff member links a provider once.
 */
export const socialLinks = pgTable(
  'social_links',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The configured provider (LIGHTDESK_OIDC_PROVIDERS) the link was made through. */
    provider: text('provider').notNull(),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    linkedAt: timestamp('linked_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('social_links_identity_key').on(t.issuer, t.subject), uniqueIndex('social_links_user_provider_key').on(t.userId, t.provider)],
);

/**
 * Round trips to a provider under way, ten minutes at most. The state and the browser key
 * (a cookie of the browser that started) are kept as hashes; once the provider has answered,
 * the row holds the checked identity (or why it failed) until its single-use ticket is traded in.
 */
export const socialFlows = pgTable('social_flows', {
  id: serial('id').primaryKey(),
  stateHash: text('state_hash').notNull().unique(),
  browserHash: text('browser_hash').notNull(),
  provider: text('provider').notNull(),
  purpose: text('purpose', { enum: ['sign-in', 'link'] }).notNull(),
  /** Linking: the signed-in staff member who started it. */
  userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
  /** Signing in: the session lasts as long as a remembered one. */
  rememberMe: boolean('remember_me').notNull().default(false),
  redirect: text('redirect').notNull().default(''),
  nonce: text('nonce').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  ticketHash: text('ticket_hash').unique(),
  issuer: text('issuer'),
  subject: text('subject'),
  /** The message key of a round trip that failed at the provider. */
  failure: text('failure', { enum: ['auth.social-failed', 'auth.social-unavailable'] }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});

export const loginLog = pgTable(
  'login_log',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id'),
    userId: integer('user_id'),
    username: text('username').notNull(),
    kind: text('kind', { enum: ['password', 'sms', 'social', 'logout', 'password-change', 'cancellation', 'app-password'] }).notNull(),
    result: text('result').notNull(),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('login_log_ip_time_idx').on(t.ip, t.createdAt), index('login_log_time_idx').on(t.createdAt)],
);

/** Server-made image challenges: single use, short-lived. */
export const captchas = pgTable('captchas', {
  id: text('id').primaryKey(),
  answerHash: text('answer_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});

export const smsCodes = pgTable(
  'sms_codes',
  {
    id: serial('id').primaryKey(),
    mobile: text('mobile').notNull(),
    scene: text('scene').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('sms_codes_mobile_idx').on(t.mobile, t.createdAt)],
);

/** Every SMS the platform sends; the default sender only records here (and in the log). */
export const smsOutbox = pgTable('sms_outbox', {
  id: serial('id').primaryKey(),
  mobile: text('mobile').notNull(),
  template: text('template').notNull(),
  content: text('content').notNull(),
  status: text('status').notNull().default('recorded'),
  createdAt: createdAt(),
});

export const cancellationRequests = pgTable('cancellation_requests', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id),
  tenantId: integer('tenant_id')
    .notNull()
    .references(() => tenants.id),
  username: text('username').notNull(),
  reason: text('reason').notNull().default(''),
  /** Personal data is deleted after this grace period. */
  purgeAfter: timestamp('purge_after', { withTimezone: true }).notNull(),
  /** When the purge job anonymised the account; the request itself stays as the record of it. */
  purgedAt: timestamp('purged_at', { withTimezone: true }),
  createdAt: createdAt(),
});

export const depts = pgTable(
  'depts',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    parentId: integer('parent_id').notNull().default(0),
    name: text('name').notNull(),
    sort: integer('sort').notNull().default(0),
    leaderUserId: integer('leader_user_id'),
    phone: text('phone').notNull().default(''),
    email: text('email').notNull().default(''),
    status: status(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('depts_tenant_parent_idx').on(t.tenantId, t.parentId)],
);

/** Custom departments of a role whose data scope is 2. */
export const roleDepts = pgTable(
  'role_depts',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    deptId: integer('dept_id')
      .notNull()
      .references(() => depts.id, { onDelete: 'cascade' }),
  },
  (t) => [uniqueIndex('role_depts_key').on(t.roleId, t.deptId)],
);

export const posts = pgTable(
  'posts',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    code: text('code').notNull(),
    name: text('name').notNull(),
    sort: integer('sort').notNull().default(0),
    status: status(),
    remark: text('remark').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('posts_tenant_code_key').on(t.tenantId, t.code)],
);

export const userPosts = pgTable(
  'user_posts',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id),
  },
  (t) => [uniqueIndex('user_posts_key').on(t.userId, t.postId), index('user_posts_post_idx').on(t.postId)],
);

/** Agent packages: named sets of menus an agent's roles may grant. */
export const tenantPackages = pgTable('tenant_packages', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  status: status(),
  remark: text('remark').notNull().default(''),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const tenantPackageMenus = pgTable(
  'tenant_package_menus',
  {
    packageId: integer('package_id')
      .notNull()
      .references(() => tenantPackages.id, { onDelete: 'cascade' }),
    menuId: integer('menu_id')
      .notNull()
      .references(() => menus.id, { onDelete: 'cascade' }),
  },
  (t) => [uniqueIndex('tenant_package_menus_key').on(t.packageId, t.menuId)],
);

/** Parameter settings: typed platform-wide entries, some read by the server. */
export const configs = pgTable('configs', {
  id: serial('id').primaryKey(),
  key: text('key').notNull().unique(),
  name: text('name').notNull(),
  value: text('value').notNull(),
  valueType: text('value_type', { enum: ['string', 'number', 'boolean', 'json'] })
    .notNull()
    .default('string'),
  /** Read by the server itself; may be edited but not deleted. */
  builtIn: boolean('built_in').notNull().default(false),
  /** Who may read it by key besides the parameters screen (ConfigVisibility in the contract). */
  visibility: text('visibility', { enum: ['none', 'platform', 'all'] })
    .notNull()
    .default('none'),
  remark: text('remark').notNull().default(''),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Platform settings: one row of named fields. */
export const platformSettings = pgTable('platform_settings', {
  id: integer('id').primaryKey().default(1),
  platformName: text('platform_name').notNull().default('Lightdesk'),
  defaultBrand: text('default_brand').notNull().default('lightdesk'),
  registrationOpen: boolean('registration_open').notNull().default(true),
  dataRetentionDays: integer('data_retention_days').notNull().default(365),
  supportEmail: text('support_email').notNull().default(''),
  updatedAt: updatedAt(),
});

/** ISO 3166-1 countries and their ISO 3166-2 first-level subdivisions, shipped as data. */
export const areas = pgTable(
  'areas',
  {
    code: text('code').primaryKey(),
    parentCode: text('parent_code'),
    name: text('name').notNull(),
    type: text('type', { enum: ['country', 'subdivision'] }).notNull(),
  },
  (t) => [index('areas_parent_idx').on(t.parentCode)],
);

/** Every mutating request: who, what, when, result, duration, IP. */
export const operateLog = pgTable(
  'operate_log',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id'),
    userId: integer('user_id'),
    username: text('username').notNull().default(''),
    module: text('module').notNull(),
    action: text('action').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    params: text('params').notNull().default(''),
    resultCode: integer('result_code').notNull(),
    durationMs: integer('duration_ms').notNull(),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('operate_log_tenant_time_idx').on(t.tenantId, t.createdAt)],
);
