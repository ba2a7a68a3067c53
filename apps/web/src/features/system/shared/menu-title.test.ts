import i18next from 'i18next';
import { describe, expect, test } from 'vitest';
import { MENU_TREE, type MenuSeed } from '../../../../../server/src/modules/system/seed/menus';
import { LANGUAGES } from '../../../lib/i18n/languages';
import { localeFiles } from '../../../test/i18n';
import { MENU_BUTTON_KEYS, menuEntryTitle } from './menu-title';

const seeded: MenuSeed[] = [];
const walk = (menus: readonly MenuSeed[]) =>
  menus.forEach((m) => {
    seeded.push(m);
    if (m.children) walk(m.children);
  });
walk(MENU_TREE);
const buttonNames = [...new Set(seeded.flatMap((m) => (m.buttons ?? []).map((b) => b.name)))];

const file = (lang: string, ns: string) => localeFiles[`../locales/${lang}/${ns}.json`] as Record<string, unknown>;
const lookup = (strings: unknown, key: string): unknown =>
  key.split('.').reduce<unknown>((v, part) => (typeof v === 'object' && v !== null ? (v as Record<string, unknown>)[part] : undefined), strings);

/** An instance holding the real menu and system strings of one language. */
function instanceFor(lang: string) {
  const instance = i18next.createInstance();
  void instance.init({
    lng: lang,
    fallbackLng: false,
    resources: { [lang]: { menu: file(lang, 'menu'), system: file(lang, 'system') } },
    ns: ['menu', 'system'],
    initAsync: false,
  });
  return instance;
}

describe('menu entry titles (role and agent-package menu trees)', () => {
  test.each(LANGUAGES)('%s/menu.json names every seeded directory and screen by componentName', (lang) => {
    const missing = seeded.map((m) => m.componentName).filter((name) => typeof lookup(file(lang, 'menu'), name) !== 'string');
    expect(missing).toEqual([]);
  });

  test.each(LANGUAGES)('%s/system.json names every seeded button', (lang) => {
    expect(buttonNames.filter((name) => !MENU_BUTTON_KEYS[name])).toEqual([]);
    const missing = buttonNames.filter((name) => typeof lookup(file(lang, 'system'), MENU_BUTTON_KEYS[name]!) !== 'string');
    expect(missing).toEqual([]);
  });

  test('directories and screens read namespace menu by componentName; buttons their own map', () => {
    const { t } = instanceFor('de-DE');
    expect(menuEntryTitle(t, { name: 'Staff', type: 'M', componentName: 'SystemUser' })).toBe('Mitarbeitende');
    expect(menuEntryTitle(t, { name: 'Devices', type: 'D', componentName: 'Devices' })).toBe('Geräte');
    expect(menuEntryTitle(t, { name: 'Export', type: 'B', componentName: '' })).toBe('Exportieren');
    expect(menuEntryTitle(t, { name: 'Set current download version', type: 'B' })).toBe('Als aktuelle Download-Version festlegen');
    expect(menuEntryTitle(instanceFor('zh-CN').t, { name: 'Kick out', type: 'B' })).toBe('强制下线');
  });

  test("the server's name when there is nothing to translate by", () => {
    const { t } = instanceFor('fr-FR');
    expect(menuEntryTitle(t, { name: 'Custom screen', type: 'M', componentName: 'NoSuchScreen' })).toBe('Custom screen');
    expect(menuEntryTitle(t, { name: 'Legacy', type: 'D', componentName: '' })).toBe('Legacy');
    expect(menuEntryTitle(t, { name: 'Legacy', type: 'M' })).toBe('Legacy');
    expect(menuEntryTitle(t, { name: 'Archive', type: 'B' })).toBe('Archive');
    expect(menuEntryTitle(t, { name: 'constructor', type: 'B' })).toBe('constructor');
  });
});
