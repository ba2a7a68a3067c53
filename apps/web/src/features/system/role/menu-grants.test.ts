import { describe, expect, test } from 'vitest';
import { MENUS } from '../shared/menu-fixture';
import { checksFor, grantsOf, menuTree, relink } from './menu-grants';

const tree = menuTree(MENUS);

describe('assign-menus tree', () => {
  test('is built from the flat menu list', () => {
    expect(tree.map((n) => n.title)).toEqual(['Stores', 'Devices']);
    expect(tree[0]!.children![0]).toMatchObject({ key: 2, title: 'Store management', type: 'M' });
    expect(tree[0]!.children![0]!.children!.map((n) => n.key)).toEqual([3, 4]);
  });

  test('titles come from the given function (the dialog passes the translated title)', () => {
    const titled = menuTree(MENUS, (m) => `${m.type}:${m.name}`);
    expect(titled[0]!.title).toBe('D:Stores');
    expect(titled[0]!.children![0]!.children!.map((n) => n.title)).toEqual(['B:Export', 'B:Delete']);
  });

  test('a role’s grants open linked, checking the leaves; the tree derives the parents', () => {
    expect(checksFor(tree, [1, 2, 3, 5, 6])).toEqual({ linked: true, checked: [3, 6] });
  });

  test('a screen granted without any of its buttons opens unlinked, so nothing is lost', () => {
    expect(checksFor(tree, [1, 2])).toEqual({ linked: false, checked: [1, 2] });
  });

  test('saving a linked tree sends the checked entries and the half-checked parents', () => {
    expect(grantsOf([3, 2, 4], [1], true)).toEqual([1, 2, 3, 4]);
    expect(grantsOf([1, 2], [5], false)).toEqual([1, 2]);
  });

  test('linking keeps the checked leaves, and a checked entry with nothing below it takes its whole branch', () => {
    expect(relink(tree, [1, 2, 3], [], true)).toEqual([3]);
    expect(relink(tree, [1, 2], [], true)).toEqual([3, 4]);
    expect(relink(tree, [3], [1, 2], false)).toEqual([1, 2, 3]);
  });
});
