import { z } from 'zod';
import { CommonStatus, Id, ListQuery, TextFilter } from '../common';

/** Directory, menu (a screen) or button (a permission on a screen). */
export const MenuType = z.enum(['D', 'M', 'B']);
export type MenuType = z.infer<typeof MenuType>;

/** `module:resource:action` (DESIGN §4), or empty for entries that need none (directories, guides). */
export const PermissionCode = z
  .string()
  .trim()
  .max(100)
  .regex(/^([a-z][a-z0-9-]*:[a-z][a-z0-9-]*:[a-z][a-z0-9-]*)?$/, 'must look like module:resource:action');

/** The menu list is flat (each row names its parent); the web builds the tree. */
export const MenuQuery = ListQuery.extend({ name: TextFilter, status: CommonStatus.optional() });
export type MenuQuery = z.infer<typeof MenuQuery>;

const MenuFields = z.object({
  /** 0 is the root; otherwise an existing directory or menu (the server checks). */
  parentId: z.coerce.number().int().min(0).default(0),
  name: z.string().trim().min(1).max(50),
  type: MenuType,
  path: z.string().trim().max(200).default(''),
  component: z.string().trim().max(200).default(''),
  componentName: z.string().trim().max(100).default(''),
  icon: z.string().trim().max(100).default(''),
  visible: z.boolean().default(true),
  keepAlive: z.boolean().default(true),
  alwaysShow: z.boolean().default(true),
  permission: PermissionCode.default(''),
  sort: z.number().int().min(0).max(9999).default(0),
  status: CommonStatus.default(0),
});

/** spec §2: directories and screens are routes, so they need a path (a top-level one absolute); a button is a permission. */
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

export interface Menu extends MenuCreate {
  id: number;
  createdAt: string;
}

/** For the role and agent-package menu trees: enabled entries, buttons included. */
export interface MenuSimple {
  id: number;
  parentId: number;
  name: string;
  type: MenuType;
  /**
   * The web's translation key for the title (namespace `menu`), as in the user's menus; empty
   * for buttons. The server always sends it; optional so a tree can be built from entries without it.
   */
  componentName?: string;
}
