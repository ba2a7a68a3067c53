import { z } from 'zod';
import { CommonStatus, DateTime, Id, Int32, ListQuery, Text, TextFilter } from '../common';
import { endpoint } from '../endpoint';
import { resourceEndpoints } from '../resource';

/** Directory, menu (a screen) or button (a permission on a screen). */
export const MenuType = z.enum(['D', 'M', 'B']);
export type MenuType = z.infer<typeof MenuType>;

/** `module:resource:action`, or empty for entries that need none (directories, guides). */
export const PermissionCode = Text(100).regex(/^([a-z][a-z0-9-]*:[a-z][a-z0-9-]*:[a-z][a-z0-9-]*)?$/, 'form.permissionCode');

/** The menu list is flat (each row names its parent); the web builds the tree. */
export const MenuQuery = ListQuery.extend({ name: TextFilter, status: CommonStatus.optional() });
export type MenuQuery = z.infer<typeof MenuQuery>;

const MenuFields = z.object({
  /** 0 is the root; otherwise an existing directory or menu (the server checks). */
  parentId: Int32(0).default(0),
  name: Text(50).min(1),
  type: MenuType,
  path: Text(200).default(''),
  component: Text(200).default(''),
  componentName: Text(100).default(''),
  icon: Text(100).default(''),
  visible: z.boolean().default(true),
  keepAlive: z.boolean().default(true),
  alwaysShow: z.boolean().default(true),
  permission: PermissionCode.default(''),
  sort: Int32(0, 9999).default(0),
  status: CommonStatus.default(0),
});

/** Directories and screens are routes, so they need a path (a top-level one absolute); a button is a permission. */
function menuRules(m: z.output<typeof MenuFields>, ctx: z.RefinementCtx) {
  if (m.type === 'B') {
    if (!m.permission) ctx.addIssue({ code: 'custom', path: ['permission'], message: 'a button needs a permission code' });
    return;
  }
  if (!m.path) ctx.addIssue({ code: 'custom', path: ['path'], message: 'a directory or menu needs a path' });
  else if (m.parentId === 0 && !m.path.startsWith('/') && !/^https?:\/\//.test(m.path)) {
    ctx.addIssue({ code: 'custom', path: ['path'], message: 'a top-level path starts with /' });
  }
}

export const MenuCreate = MenuFields.superRefine(menuRules);
export type MenuCreate = z.infer<typeof MenuCreate>;
export const MenuUpdate = MenuFields.extend({ id: Id }).superRefine(menuRules);
export type MenuUpdate = z.infer<typeof MenuUpdate>;

export const Menu = MenuFields.extend({ id: Id, createdAt: DateTime });
export type Menu = z.infer<typeof Menu>;

/** For the role and agent-package menu trees: enabled entries, buttons included. */
export const MenuSimple = z.object({
  id: Id,
  parentId: z.number().int(),
  name: z.string(),
  type: MenuType,
  /**
   * The web's translation key for the title (namespace `menu`), as in the user's menus; empty
   * for buttons. The server always sends it; optional so a tree can be built from entries without it.
   */
  componentName: z.string().optional(),
});
export type MenuSimple = z.infer<typeof MenuSimple>;

/**
 * Menus are platform-level (one tree for every tenant): only platform staff manage them. Every
 * signed-in staff member reads the entries they may grant (`grantable`): agents' staff only
 * those of their agent package.
 */
export const menuApi = {
  ...resourceEndpoints('/api/system/menu', 'system:menu', {
    name: 'menu entry',
    query: MenuQuery,
    row: Menu,
    create: MenuCreate,
    update: MenuUpdate,
    lists: ['list'],
    platform: true,
  }),
  grantable: endpoint.get('/api/system/menu/list-all-simple', {
    signedIn: true,
    answer: z.array(MenuSimple),
    summary: 'Enabled menu entries for the role and agent-package menu trees',
  }),
};
