import { describe, expect, test } from 'vitest';
import { buildTree, walkTree } from './flat-tree';

describe('buildTree', () => {
  test('nests rows under their parents in list order; leaves have no children', () => {
    const tree = buildTree([
      { id: 1, parentId: 0, name: 'HQ' },
      { id: 2, parentId: 1, name: 'Sales' },
      { id: 3, parentId: 1, name: 'Support' },
      { id: 4, parentId: 2, name: 'North' },
      { id: 5, parentId: 0, name: 'Lab' },
    ]);
    expect(tree.map((n) => n.name)).toEqual(['HQ', 'Lab']);
    expect(tree[0]!.children!.map((n) => n.name)).toEqual(['Sales', 'Support']);
    expect(tree[0]!.children![0]!.children!.map((n) => n.name)).toEqual(['North']);
    expect(tree[1]).not.toHaveProperty('children');
    expect(walkTree(tree).map((n) => n.id)).toEqual([1, 2, 4, 3, 5]);
  });

  test('a row whose parent is not in the list (filtered out) shows at the top instead of vanishing', () => {
    const tree = buildTree([
      { id: 4, parentId: 2 },
      { id: 6, parentId: 4 },
    ]);
    expect(tree.map((n) => n.id)).toEqual([4]);
    expect(tree[0]!.children!.map((n) => n.id)).toEqual([6]);
  });
});
