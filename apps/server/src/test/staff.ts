import { eq } from 'drizzle-orm';
import { users } from '../modules/system/schema';
import type { ApiClient, TestApp } from './test-app';

/**
 * A staff member of a tenant holding exactly the menus of these permissions (a role of their
 * own), with the test password, signed in.
 */
export async function staffMember(
  t: TestApp,
  values: { username: string; tenantId: number; email?: string; nickname?: string; permissions: string[] },
): Promise<{ id: number; client: ApiClient }> {
  // The seeded accounts share the test password: its hash is copied, not computed again.
  const [seeded] = await t.ctx.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.username, 'admin'));
  const [user] = await t.ctx.db
    .insert(users)
    .values({
      tenantId: values.tenantId,
      username: values.username,
      nickname: values.nickname ?? values.username,
      email: values.email ?? '',
      passwordHash: seeded!.passwordHash,
    })
    .returning({ id: users.id });
  await t.grant(values.username, values.permissions);
  return { id: user!.id, client: await t.signIn(values.username) };
}
