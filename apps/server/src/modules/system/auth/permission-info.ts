import { ALL_PERMISSIONS, DEFAULT_ROLE, type MenuNode, type PermissionInfo } from '@lightdesk/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { menus, roleMenus, roles, userRoles, users } from '../schema';
import { avatarUrl } from '../user/avatar';
import type { AppContext, Session } from '../../../lib/context';
import { notFound } from '../../../lib/errors';

/** Shown when a user has no avatar of their own. */
export const DEFAULT_AVATAR = '/avatar-default.svg';

type MenuRow = typeof menus.$inferSelect;

export function buildMenuTree(rows: MenuRow[]): MenuNode[] {
  const nodes = new Map<number, MenuNode>();
  for (const r of rows) {
    nodes.set(r.id, {
      id: r.id,
      parentId: r.parentId,
      name: r.name,
      path: r.path,
      icon: r.icon,
      visible: r.visible,
      keepAlive: r.keepAlive,
      alwaysShow: r.alwaysShow,
      component: r.component,
      componentName: r.componentName,
    });
  }
  const roots: MenuNode[] = [];
  for (const node of nodes.values()) {
    const parent = nodes.get(node.parentId);
    if (parent) (parent.children ??= []).push(node);
    else if (node.parentId === 0) roots.push(node);
  }
  return roots;
}

/** The directories and screens a user may open, in menu order (buttons are permissions, not menus). */
export async function menusOf(ctx: AppContext, session: Session): Promise<MenuNode[]> {
  const screens = and(eq(menus.status, 0), inArray(menus.type, ['D', 'M']));
  const rows = session.permissions.includes(ALL_PERMISSIONS)
    ? await ctx.db.select().from(menus).where(screens).orderBy(asc(menus.sort), asc(menus.id))
    : await ctx.db
        .selectDistinct({ menu: menus })
        .from(menus)
        .innerJoin(roleMenus, eq(roleMenus.menuId, menus.id))
        .innerJoin(userRoles, eq(userRoles.roleId, roleMenus.roleId))
        .innerJoin(roles, eq(roles.id, userRoles.roleId))
        .where(and(screens, eq(userRoles.userId, session.userId), eq(roles.status, 0)))
        .then((found) => found.map((f) => f.menu).sort((a, b) => a.sort - b.sort || a.id - b.id));
  return buildMenuTree(rows);
}

export async function permissionInfo(ctx: AppContext, session: Session): Promise<PermissionInfo> {
  const [user] = await ctx.db
    .select({ id: users.id, avatar: users.avatar, userName: users.username, nickname: users.nickname })
    .from(users)
    .where(eq(users.id, session.userId));
  if (!user) throw notFound();
  return {
    user: { ...user, avatar: (await avatarUrl(ctx, user.avatar)) || DEFAULT_AVATAR },
    roles: session.roles.length ? session.roles : [DEFAULT_ROLE],
    permissions: session.permissions,
    menus: await menusOf(ctx, session),
  };
}
