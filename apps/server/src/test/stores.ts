import { eq } from 'drizzle-orm';
import { randomToken } from '../lib/secrets';
import { lightingGroups, storeDevices, storeEvents, storeMembers, stores } from '../modules/store/schema';
import { tenants } from '../modules/system/schema';
import { appUserClient } from './app-users';
import type { TestApp } from './test-app';

/** The seeded tenants' ids: the platform's and the demo agent Northwind's. */
export async function tenantIds(t: TestApp) {
  const rows = await t.ctx.db.select({ id: tenants.id, code: tenants.code }).from(tenants);
  const id = (code: string) => rows.find((r) => r.code === code)!.id;
  return { platform: id('saas'), northwind: id('northwind') };
}

let serial = 0;

/**
 * A store as the app would have built it, written directly so console tests don't depend on the
 * app API: an admin (made here unless given), members, groups and devices of each kind.
 */
export async function makeStore(
  t: TestApp,
  options: {
    tenantId: number;
    name?: string;
    countryCode?: string;
    adminId?: number;
    memberIds?: number[];
    groups?: number;
    luminaires?: number;
    gateways?: number;
  },
) {
  const { db } = t.ctx;
  serial += 1;
  const adminId = options.adminId ?? (await appUserClient(t, { nickname: `Admin ${serial}` })).user.id;
  const [store] = await db
    .insert(stores)
    .values({
      meshId: `M${randomToken(6).toUpperCase()}`,
      name: options.name ?? `Store ${serial}`,
      tenantId: options.tenantId,
      timezone: 'Europe/Amsterdam',
      countryCode: options.countryCode ?? 'NL',
      address: `Street ${serial}`,
      createdBy: adminId,
    })
    .returning();
  const storeId = store!.id;
  await db
    .insert(storeMembers)
    .values([
      { storeId, appUserId: adminId, role: 'admin' as const },
      ...(options.memberIds ?? []).map((appUserId) => ({ storeId, appUserId, role: 'member' as const })),
    ]);
  const groups = options.groups
    ? await db
        .insert(lightingGroups)
        .values(Array.from({ length: options.groups }, (_, i) => ({ storeId, groupCode: 0xc001 + i, name: `Group ${i + 1}` })))
        .returning()
    : [];
  const device = (kind: 'luminaire' | 'gateway', i: number) => ({
    storeId,
    kind,
    uuid: randomToken(12),
    name: `${kind} ${serial}.${i}`,
    model: kind === 'luminaire' ? 'Luna' : 'Data relay',
    firmwareVersion: '1.2.3',
    groupId: kind === 'luminaire' ? (groups[i % Math.max(groups.length, 1)]?.id ?? null) : null,
  });
  const kinds = [
    ...Array.from({ length: options.luminaires ?? 0 }, (_, i) => device('luminaire', i)),
    ...Array.from({ length: options.gateways ?? 0 }, (_, i) => device('gateway', i)),
  ];
  if (kinds.length) await db.insert(storeDevices).values(kinds);
  await db.insert(storeEvents).values({ storeId, kind: 'created', actorKind: 'app-user', actorId: adminId });
  const [row] = await db.select().from(stores).where(eq(stores.id, storeId));
  return { store: row!, adminId, groups };
}
