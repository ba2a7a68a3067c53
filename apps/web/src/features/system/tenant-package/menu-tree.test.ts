import { describe, expect, test } from 'vitest';
import { MENUS } from '../shared/menu-fixture';
import { indexMenus, toggleMenu } from './menu-tree';

const index = indexMenus(MENUS);
const sorted = (s: Set<number>) => [...s].sort((a, b) => a - b);

describe('package menu checks', () => {
  test('checking a screen grants its buttons and the directory above it', () => {
    expect(sorted(toggleMenu(index, new Set(), 2, true))).toEqual([1, 2, 3, 4]);
  });

  test('checking a button grants the screen and directory that lead to it, not its sibling buttons', () => {
    expect(sorted(toggleMenu(index, new Set(), 3, true))).toEqual([1, 2, 3]);
  });

  test('unchecking takes away the entry and what is under it, and nothing else', () => {
    const all = new Set(MENUS.map((m) => m.id));
    expect(sorted(toggleMenu(index, all, 2, false))).toEqual([1, 5, 6]);
    expect(sorted(toggleMenu(index, all, 4, false))).toEqual([1, 2, 3, 5, 6]);
  });

  test('a screen without its buttons stays a read-only grant (nothing re-adds them)', () => {
    const readOnly = toggleMenu(index, toggleMenu(index, new Set(), 2, true), 3, false);
    expect(sorted(toggleMenu(index, readOnly, 4, false))).toEqual([1, 2]);
  });

  test('an entry whose parent is not listed is a root', () => {
    const orphan = indexMenus([...MENUS, { id: 9, parentId: 99, name: 'Orphan', type: 'M' }]);
    expect(orphan.parentOf.has(9)).toBe(false);
    expect(sorted(toggleMenu(orphan, new Set(), 9, true))).toEqual([9]);
  });
});
