import type { MenuType } from '@lightdesk/contract';
import type { TFunction } from 'i18next';

/**
 * The seeded button names (the server's ACTION_NAMES in seed/menus.ts) and their keys in the
 * `system` namespace. Buttons have no componentName, so the web knows them by name.
 */
export const MENU_BUTTON_KEYS: Readonly<Record<string, string>> = {
  Create: 'menuButton.create',
  Update: 'menuButton.update',
  Delete: 'menuButton.delete',
  Export: 'menuButton.export',
  Verify: 'menuButton.verify',
  'Set current download version': 'menuButton.setCurrent',
  'Reset password': 'menuButton.resetPassword',
  'Assign menus': 'menuButton.assignMenus',
  'Transfer administrator': 'menuButton.transferAdmin',
  'Assign to an agent': 'menuButton.assignAgent',
  'Remove member': 'menuButton.removeMember',
  Reply: 'menuButton.reply',
  'Dissolve group': 'menuButton.dissolveGroup',
  'Send command': 'menuButton.sendCommand',
  'Upload floor plan': 'menuButton.uploadFloorPlan',
  'Kick out': 'menuButton.kickOut',
  Import: 'menuButton.import',
  'Run now': 'menuButton.runNow',
  'Set location': 'menuButton.setLocation',
  Publish: 'menuButton.publish',
};

/** An entry of a menu tree to administer (the list-all-simple answer has these fields). */
export interface MenuEntryLike {
  name: string;
  type: MenuType;
  componentName?: string | null;
}

/**
 * A menu entry's title in the current language, as administration trees (role menus, agent
 * packages) show it: directories and screens by componentName in namespace `menu`, like the
 * sidebar; seeded buttons by name in `system`; anything else as the server names it.
 * Pass a `t` whose useTranslation loads both namespaces, e.g. `useTranslation(['system', 'menu'])`.
 */
export function menuEntryTitle(t: TFunction, entry: MenuEntryLike): string {
  if (entry.type === 'B') {
    const key = Object.hasOwn(MENU_BUTTON_KEYS, entry.name) ? MENU_BUTTON_KEYS[entry.name] : undefined;
    return key ? t(key, { ns: 'system', defaultValue: entry.name }) : entry.name;
  }
  return entry.componentName ? t(entry.componentName, { ns: 'menu', defaultValue: entry.name }) : entry.name;
}
