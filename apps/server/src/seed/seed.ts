import { ALL_PERMISSIONS, SUPER_ROLE } from '@lightdesk/contract';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { dictData, dictTypes, menus, roleMenus, roles, tenants, userRoles, users } from '../db/schema';
import { hashPassword, randomPassword } from '../lib/secrets';
import { seedAreas } from './areas';
import { seedConfigs } from './configs';
import { DICTIONARIES } from './dictionaries';
import { MENU_TREE, type MenuSeed } from './menus';

export const PLATFORM_TENANT = 'saas';

export interface SeedResult {
  /** Set only when this start created the admin account. */
  adminPassword?: string;
  /** True when the password was generated here and must be shown once. */
  generated: boolean;
  demoUsers: string[];
}

async function insertMenus(db: Database, tree: MenuSeed[], parentId: number): Promise<void> {
  for (const [i, m] of tree.entries()) {
    const type = m.children ? 'D' : 'M';
    const [row] = await db
      .insert(menus)
      .values({
        parentId,
        name: m.name,
        type,
        path: m.path,
        icon: m.icon ?? '',
        component: m.component ?? '',
        componentName: m.componentName,
        permission: m.permission ?? '',
        sort: i + 1,
        visible: m.visible ?? true,
        keepAlive: m.keepAlive ?? true,
        alwaysShow: m.alwaysShow ?? true,
      })
      .returning({ id: menus.id });
    if (m.buttons?.length) {
      await db.insert(menus).values(m.buttons.map((b, j) => ({ parentId: row!.id, name: b.name, type: 'B' as const, permission: b.permission, sort: j + 1, componentName: '' })));
    }
    if (m.children) await insertMenus(db, m.children, row!.id);
  }
}

/** First start: platform tenant, admin role and account, the menu tree and dictionaries. Idempotent. */
export async function seedDatabase(db: Database, options: { adminPassword?: string; demo: boolean }): Promise<SeedResult> {
  // Every start, before the first-start check: reference data reaches databases made by older versions too.
  await seedConfigs(db);
  await seedAreas(db);
  const [existing] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.code, PLATFORM_TENANT));
  if (existing) return { generated: false, demoUsers: [] };

  const adminPassword = options.adminPassword ?? randomPassword();
  const passwordHash = await hashPassword(adminPassword);
  const demoUsers = await db.transaction(async (tx) => {
    const [platform] = await tx.insert(tenants).values({ code: PLATFORM_TENANT, name: 'Lightdesk platform', type: 'platform' }).returning();
    const [adminRole] = await tx.insert(roles).values({ tenantId: platform!.id, code: SUPER_ROLE, name: 'Administrator', remark: `Holds ${ALL_PERMISSIONS}` }).returning();
    const [admin] = await tx.insert(users).values({ tenantId: platform!.id, username: 'admin', nickname: 'Administrator', passwordHash }).returning();
    await tx.insert(userRoles).values({ userId: admin!.id, roleId: adminRole!.id });
    await insertMenus(tx, MENU_TREE, 0);
    for (const d of DICTIONARIES) {
      await tx.insert(dictTypes).values({ type: d.type, name: d.name });
      await tx.insert(dictData).values(d.entries.map(([value, label, colorType], i) => ({ dictType: d.type, value, label, colorType: colorType ?? '', sort: i + 1 })));
    }
    return options.demo ? seedDemo(tx, platform!.id, passwordHash) : [];
  });
  return { adminPassword, generated: options.adminPassword === undefined, demoUsers };
}

/** Role granting the listed screens with all their buttons (and the directories above them). */
async function roleWithScreens(db: Database, tenantId: number, code: string, name: string, permissionPrefixes: string[]) {
  const [role] = await db.insert(roles).values({ tenantId, code, name }).returning();
  const all = await db.select().from(menus);
  const granted = new Set<number>();
  const byId = new Map(all.map((m) => [m.id, m]));
  for (const m of all) {
    if (!permissionPrefixes.some((p) => m.permission.startsWith(p))) continue;
    for (let cur: typeof m | undefined = m; cur; cur = byId.get(cur.parentId)) granted.add(cur.id);
  }
  await db.insert(roleMenus).values([...granted].map((menuId) => ({ roleId: role!.id, menuId })));
  return role!;
}

/**
 * LIGHTDESK_DEMO=1: staff with narrower roles so menus visibly differ by user. They share
 * the admin's initial password — there is no default password anywhere.
 */
async function seedDemo(db: Database, platformId: number, passwordHash: string): Promise<string[]> {
  const operatorRole = await roleWithScreens(db, platformId, 'operator', 'Store operator', ['store:', 'device:']);
  const [operator] = await db.insert(users).values({ tenantId: platformId, username: 'operator', nickname: 'Olivia Operator', passwordHash, mobile: '13800000001' }).returning();
  await db.insert(userRoles).values({ userId: operator!.id, roleId: operatorRole.id });

  const [agent] = await db
    .insert(tenants)
    .values({ code: 'northwind', name: 'Northwind Retail Lighting', type: 'agent', contactName: 'Nora North', contactMobile: '13800000002', staffQuota: 20 })
    .returning();
  const agentRole = await roleWithScreens(db, agent!.id, 'agent_admin', 'Agent administrator', ['store:', 'device:', 'statistics:', 'counting:', 'heatmap:']);
  const [agentAdmin] = await db.insert(users).values({ tenantId: agent!.id, username: 'agent', nickname: 'Nora North', passwordHash, mobile: '13800000002' }).returning();
  await db.insert(userRoles).values({ userId: agentAdmin!.id, roleId: agentRole.id });
  return ['operator', 'agent'];
}
