import { postApi, type PostCreate, type PostQuery, type PostUpdate } from '@lightdesk/contract';
import { asc, eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { afterAll, describe, expect, test } from 'vitest';
import { z } from 'zod';
import { depts, posts, roles, tenants, users } from '../modules/system/schema';
import { validInput } from '../test/garbage';
import { testApp } from '../test/test-app';
import { resolveSession } from '../modules/system/auth/staff-sessions';
import { AppError } from './errors';
import { resourceRoutes, type ResourceSpec } from './resource';
import { defineRoutes } from './routes';

const t = await testApp();
await t.grant(
  'agent',
  ['post', 'dept', 'role', 'user'].flatMap((r) => [`system:${r}:query`, `system:${r}:update`, `system:${r}:delete`]),
);
const agent = await t.signIn('agent');
afterAll(() => t.close());

const { db } = t.ctx;
const tenantId = async (code: string) => (await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.code, code)))[0]!.id;
const platform = await tenantId('saas');
const northwind = await tenantId('northwind');

describe('tenancy in the resource factory', () => {
  // The platform's own rows, which an agent's staff must not reach by guessing ids.
  const platformRows = [
    { base: '/api/system/post', table: posts, id: async () => (await db.select().from(posts).where(eq(posts.tenantId, platform)))[0]!.id },
    { base: '/api/system/dept', table: depts, id: async () => (await db.select().from(depts).where(eq(depts.tenantId, platform)))[0]!.id },
    { base: '/api/system/role', table: roles, id: async () => (await db.select().from(roles).where(eq(roles.code, 'operator')))[0]!.id },
    { base: '/api/system/user', table: users, id: async () => (await db.select().from(users).where(eq(users.username, 'operator')))[0]!.id },
  ];

  test.for(platformRows)("an update or delete of another tenant's $base id answers 404 and changes nothing", async ({ base, table, id: idOf }) => {
    const id = await idOf();
    const row = async () => (await db.select().from(table).where(eq(table.id, id)))[0];
    const before = await row();
    const schema = t.routes.find((r) => r.url === `${base}/update`)?.options.body;
    const body = schema instanceof z.ZodObject ? validInput(schema) : undefined;
    expect(body, `a valid update body for ${base}`).toBeDefined();
    expect(await agent.put(`${base}/update`, { ...body, id })).toMatchObject({ code: 404 });
    expect(await agent.delete(`${base}/delete`, { id })).toMatchObject({ code: 404 });
    expect(await row()).toEqual(before);
  });

  // A row can leave the caller's tenant between the lookup and the write (another request moves
  // or re-creates it): the UPDATE and DELETE statements carry the tenant condition themselves.
  describe('a row that leaves the tenant after the lookup is neither changed nor deleted', async () => {
    const session = (await resolveSession(t.ctx, agent.token!))!;
    const moveAway = async (id: number) => void (await db.update(posts).set({ tenantId: platform }).where(eq(posts.id, id)));
    const spec: ResourceSpec<PostQuery, PostCreate, PostUpdate, { id: typeof posts.id; name: typeof posts.name }> = {
      api: postApi,
      table: posts,
      id: posts.id,
      tenancy: { tenant: posts.tenantId },
      columns: { id: posts.id, name: posts.name },
      sortable: {},
      defaultSort: [asc(posts.id)],
      // Both hooks run after the lookup and before the write.
      validate: async (_ctx, _session, _values, id) => {
        if (id !== undefined) await moveAway(id);
      },
      inUse: async (_ctx, _session, id) => {
        await moveAway(id);
        return undefined;
      },
    };
    const routes = defineRoutes((r, ctx) => resourceRoutes(r, ctx, spec))(t.ctx);
    const call = (method: string, query: unknown, body: unknown) =>
      routes
        .find((r) => r.method === method)!
        .handler({ session, caller: { kind: 'staff', session }, query, body, params: undefined, req: {} as FastifyRequest, reply: {} as FastifyReply });
    const agentPost = async (name: string) => (await db.insert(posts).values({ tenantId: northwind, code: name, name }).returning())[0]!;

    test('update', async () => {
      const post = await agentPost('moving-1');
      const refused = await Promise.resolve(call('PUT', undefined, { id: post.id, code: 'moving-1', name: 'Changed', sort: 0, status: 0, remark: '' })).catch(
        (e: unknown) => e,
      );
      expect(refused).toBeInstanceOf(AppError);
      expect(refused).toMatchObject({ code: 404 });
      expect((await db.select().from(posts).where(eq(posts.id, post.id)))[0]).toMatchObject({ name: 'moving-1', tenantId: platform });
    });

    test('delete', async () => {
      const post = await agentPost('moving-2');
      const refused = await Promise.resolve(call('DELETE', { id: post.id }, undefined)).catch((e: unknown) => e);
      expect(refused).toMatchObject({ code: 404 });
      expect(await db.select().from(posts).where(eq(posts.id, post.id))).toHaveLength(1);
    });

    // A resource must say whose rows it holds: leaving it out does not compile.
    const { tenancy: _tenancy, ...untenanted } = spec;
    // @ts-expect-error tenancy is required
    void (() => defineRoutes((r, ctx) => resourceRoutes(r, ctx, untenanted)));
  });
});
