import { ALL_PERMISSIONS, SUPER_ROLE } from '@lightdesk/contract';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import type { TrackedStorage } from '../../../lib/storage';
import {
  depts,
  dictData,
  dictTypes,
  menus,
  menuSeeds,
  posts,
  roleMenus,
  roles,
  tenantPackageMenus,
  tenantPackages,
  tenants,
  userPosts,
  userRoles,
  users,
} from '../schema';
import { createTenantAdminRole } from '../tenant-package/agent-package';
import { hashPassword, randomPassword } from '../../../lib/secrets';
import { arrayOf } from '../../../lib/sql';
import { seedContent } from '../../content';
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

type NewMenu = typeof menus.$inferInsert;

/** A screen's or directory's menu row; its buttons follow as rows of their own. */
const menuRow = (m: MenuSeed, parentId: number, sort: number): NewMenu => ({
  parentId,
  name: m.name,
  type: m.children ? 'D' : 'M',
  path: m.path,
  icon: m.icon ?? '',
  component: m.component ?? '',
  componentName: m.componentName,
  permission: m.permission ?? '',
  sort,
  visible: m.visible ?? true,
  keepAlive: m.keepAlive ?? true,
  alwaysShow: m.alwaysShow ?? true,
});

/**
 * Places the built-in menu entries this database does not hold yet, every start: all of them
 * on the first, the new screens and buttons of a newer console after an upgrade. An entry is
 * placed once (recorded in menu_seeds); what operators changed or deleted since stays so. An
 * entry whose parent was deleted is not placed. Servers starting together take turns.
 */
export async function syncMenus(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('lightdesk.menu_seeds'))`);
    const placed = new Map((await tx.select().from(menuSeeds)).map((s) => [s.key, s.menuId]));
    const present = new Set((await tx.select({ id: menus.id }).from(menus)).map((m) => m.id));
    const place = async (key: string, row: NewMenu) => {
      const [menu] = await tx.insert(menus).values(row).returning({ id: menus.id });
      await tx.insert(menuSeeds).values({ key, menuId: menu!.id });
      present.add(menu!.id);
      return menu!.id;
    };
    // A new screen reaches those who hold the screens it is granted with; on a first start nobody holds any yet.
    const grant = async (menuIds: number[], holding: string[]) => {
      const ids = arrayOf(menuIds);
      const held = arrayOf(holding);
      await tx.execute(sql`
        insert into role_menus (role_id, menu_id)
        select distinct rm.role_id, n.id from role_menus rm join menus m on m.id = rm.menu_id, unnest(${ids}::int[]) as n(id)
        where m.permission = any(${held}::text[])
        on conflict do nothing`);
      await tx.execute(sql`
        insert into tenant_package_menus (package_id, menu_id)
        select distinct pm.package_id, n.id from tenant_package_menus pm join menus m on m.id = pm.menu_id, unnest(${ids}::int[]) as n(id)
        where m.permission = any(${held}::text[])
        on conflict do nothing`);
    };
    const walk = async (tree: MenuSeed[], parentId: number) => {
      for (const [i, m] of tree.entries()) {
        const seeded = placed.get(m.componentName);
        if (seeded !== undefined && !present.has(seeded)) continue;
        const id = seeded ?? (await place(m.componentName, menuRow(m, parentId, i + 1)));
        const newButtons: number[] = [];
        for (const [j, b] of (m.buttons ?? []).entries()) {
          if (placed.has(b.permission)) continue;
          const button = await place(b.permission, { parentId: id, name: b.name, type: 'B', permission: b.permission, sort: j + 1 });
          newButtons.push(button);
          // A button added to a screen already placed goes where it says; a new screen's buttons go with the screen.
          if (seeded !== undefined && b.grantWith) await grant([button], b.grantWith);
        }
        if (seeded === undefined && m.grantWith) await grant([id, ...newButtons], m.grantWith);
        if (m.children) await walk(m.children, id);
      }
    };
    await walk(MENU_TREE, 0);
  });
}

/**
 * First start: platform tenant, admin role and account, the menu tree and dictionaries. Idempotent,
 * but the first-start check and what follows it are not safe beside another server's start: run it
 * under the start-up lock (DatabaseHandle.whileStarting), as main does.
 */
export async function seedDatabase(db: Database, options: { adminPassword?: string; demo: boolean; storage: TrackedStorage }): Promise<SeedResult> {
  // Every start, before the first-start check: reference data reaches databases made by older versions too.
  await seedConfigs(db);
  await seedAreas(db);
  await syncMenus(db);
  await seedContent(db, options.storage);
  const [existing] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.code, PLATFORM_TENANT));
  if (existing) return { generated: false, demoUsers: [] };

  const adminPassword = options.adminPassword ?? randomPassword();
  const passwordHash = await hashPassword(adminPassword);
  const demoUsers = await db.transaction(async (tx) => {
    const [platform] = await tx.insert(tenants).values({ code: PLATFORM_TENANT, name: 'Lightdesk platform', type: 'platform' }).returning();
    const [adminRole] = await tx
      .insert(roles)
      .values({ tenantId: platform!.id, code: SUPER_ROLE, name: 'Administrator', remark: `Holds ${ALL_PERMISSIONS}` })
      .returning();
    const [admin] = await tx.insert(users).values({ tenantId: platform!.id, username: 'admin', nickname: 'Administrator', passwordHash }).returning();
    await tx.insert(userRoles).values({ userId: admin!.id, roleId: adminRole!.id });
    for (const d of DICTIONARIES) {
      await tx.insert(dictTypes).values({ type: d.type, name: d.name });
      await tx
        .insert(dictData)
        .values(d.entries.map(([value, label, colorType], i) => ({ dictType: d.type, value, label, colorType: colorType ?? '', sort: i + 1 })));
    }
    return options.demo ? seedDemo(tx, platform!.id, passwordHash) : [];
  });
  return { adminPassword, generated: options.adminPassword === undefined, demoUsers };
}

/** The menus of the listed screens with all their buttons, and the directories above them. */
async function screenMenus(db: Database, permissionPrefixes: string[]): Promise<number[]> {
  const all = await db.select().from(menus);
  const granted = new Set<number>();
  const byId = new Map(all.map((m) => [m.id, m]));
  for (const m of all) {
    if (!permissionPrefixes.some((p) => m.permission.startsWith(p))) continue;
    for (let cur: typeof m | undefined = m; cur; cur = byId.get(cur.parentId)) granted.add(cur.id);
  }
  return [...granted];
}

/** Role granting the listed screens. */
async function roleWithScreens(db: Database, tenantId: number, code: string, name: string, permissionPrefixes: string[]) {
  const [role] = await db.insert(roles).values({ tenantId, code, name }).returning();
  await db.insert(roleMenus).values((await screenMenus(db, permissionPrefixes)).map((menuId) => ({ roleId: role!.id, menuId })));
  return role!;
}

/** A small organisation: a head department with teams under it, and the posts its staff hold. */
async function organisation(db: Database, tenantId: number, head: string, teams: string[], jobs: [code: string, name: string][]) {
  const [top] = await db.insert(depts).values({ tenantId, name: head }).returning();
  const children = await db
    .insert(depts)
    .values(teams.map((name, i) => ({ tenantId, parentId: top!.id, name, sort: i + 1 })))
    .returning();
  const postRows = await db
    .insert(posts)
    .values(jobs.map(([code, name], i) => ({ tenantId, code, name, sort: i + 1 })))
    .returning();
  return { top: top!, teams: children, posts: postRows };
}

/** A staff member of the demo, in a department, holding a role and a post. */
async function demoStaff(db: Database, values: typeof users.$inferInsert, roleId: number, postId: number) {
  const [user] = await db.insert(users).values(values).returning();
  await db.insert(userRoles).values({ userId: user!.id, roleId });
  await db.insert(userPosts).values({ userId: user!.id, postId });
}

/**
 * LIGHTDESK_DEMO=1: staff with narrower roles so menus visibly differ by user, in departments
 * with posts, and an agent on a package. They share the admin's initial password — there is
 * no default password anywhere.
 */
async function seedDemo(db: Database, platformId: number, passwordHash: string): Promise<string[]> {
  const platformOrg = await organisation(
    db,
    platformId,
    'Lightdesk HQ',
    ['Store operations', 'Field service', 'Customer support'],
    [
      ['ops_manager', 'Operations manager'],
      ['technician', 'Field technician'],
      ['support', 'Support specialist'],
    ],
  );
  const operatorRole = await roleWithScreens(db, platformId, 'operator', 'Store operator', ['store:', 'device:']);
  await demoStaff(
    db,
    { tenantId: platformId, username: 'operator', nickname: 'Olivia Operator', passwordHash, mobile: '13800000001', deptId: platformOrg.teams[0]!.id },
    operatorRole.id,
    platformOrg.posts[0]!.id,
  );

  const agentScreens = ['store:', 'device:', 'statistics:', 'counting:', 'heatmap:'];
  const [retail] = await db.insert(tenantPackages).values({ name: 'Retail analytics', remark: 'Stores, devices and the retail analytics' }).returning();
  await db.insert(tenantPackageMenus).values((await screenMenus(db, agentScreens)).map((menuId) => ({ packageId: retail!.id, menuId })));
  const [agent] = await db
    .insert(tenants)
    .values({
      code: 'northwind',
      name: 'Northwind Retail Lighting',
      type: 'agent',
      contactName: 'Nora North',
      contactMobile: '13800000002',
      staffQuota: 20,
      packageId: retail!.id,
    })
    .returning();
  const agentOrg = await organisation(
    db,
    agent!.id,
    'Northwind Retail Lighting',
    ['Sales', 'Installation'],
    [
      ['director', 'Director'],
      ['installer', 'Installer'],
    ],
  );
  // The agent's administrator holds the built-in tenant_admin role, made as agent creation makes it.
  const agentAdminRole = await createTenantAdminRole(db, agent!.id);
  await demoStaff(
    db,
    { tenantId: agent!.id, username: 'agent', nickname: 'Nora North', passwordHash, mobile: '13800000002', deptId: agentOrg.top.id },
    agentAdminRole,
    agentOrg.posts[0]!.id,
  );
  // An ordinary role the agent may edit; nobody holds it yet.
  await roleWithScreens(db, agent!.id, 'store_staff', 'Store staff', ['store:']);
  return ['operator', 'agent'];
}

/** A staff member's id by username, for other areas' demo data to say who did something. */
export async function staffIdOf(db: Database, username: string): Promise<number | undefined> {
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`);
  return user?.id;
}
