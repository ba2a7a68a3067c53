import type { MenuSimple, MenuType } from '@lightdesk/contract';
import { buildTree, walkTree, type TreeNode } from '../../../components/flat-tree';

/** A node of the assign-menus tree (antd Tree data). */
export interface MenuTreeNode {
  key: number;
  title: string;
  type: MenuType;
  children?: MenuTreeNode[];
}

/** The tree of the flat list; `titleOf` names each entry (the dialog passes the translated title, see shared/menu-title). */
export function menuTree(menus: readonly MenuSimple[], titleOf: (menu: MenuSimple) => string = (m) => m.name): MenuTreeNode[] {
  const convert = (nodes: readonly TreeNode<MenuSimple>[]): MenuTreeNode[] =>
    nodes.map((n) => ({ key: n.id, title: titleOf(n), type: n.type, ...(n.children ? { children: convert(n.children) } : {}) }));
  return convert(buildTree(menus));
}

const allNodes = (tree: readonly MenuTreeNode[]): MenuTreeNode[] => walkTree(tree);
export const allKeys = (tree: readonly MenuTreeNode[]): number[] => allNodes(tree).map((n) => n.key);
export const leafKeys = (tree: readonly MenuTreeNode[]): number[] =>
  allNodes(tree)
    .filter((n) => !n.children)
    .map((n) => n.key);
export const parentKeys = (tree: readonly MenuTreeNode[]): number[] =>
  allNodes(tree)
    .filter((n) => n.children)
    .map((n) => n.key);

/** What the tree shows for a role's granted menus. */
export interface TreeChecks {
  /** Parent and child linked: checking a directory checks all below it, the tree derives the parents. */
  linked: boolean;
  checked: number[];
}

/**
 * A linked tree derives every parent from its leaves, so it can show the grants only when each
 * granted parent has a granted leaf below it. A screen granted without any of its buttons cannot
 * be drawn that way, so the tree opens unlinked (each entry on its own) rather than lose it.
 */
export function checksFor(tree: readonly MenuTreeNode[], granted: readonly number[]): TreeChecks {
  const grantedSet = new Set(granted);
  const known = allNodes(tree).filter((n) => grantedSet.has(n.key));
  const hasGrantedLeaf = (n: MenuTreeNode): boolean => (n.children ? n.children.some(hasGrantedLeaf) : grantedSet.has(n.key));
  const linked = known.every((n) => !n.children || hasGrantedLeaf(n));
  return { linked, checked: linked ? known.filter((n) => !n.children).map((n) => n.key) : known.map((n) => n.key) };
}

/** The menu ids to save: a linked tree's half-checked parents are granted too (the server would add them anyway). */
export const grantsOf = (checked: readonly number[], halfChecked: readonly number[], linked: boolean): number[] =>
  [...new Set(linked ? [...checked, ...halfChecked] : checked)].sort((a, b) => a - b);

/**
 * Switching to linked keeps the checked leaves, and a checked entry with nothing checked below it
 * becomes all of its branch (what checking it in a linked tree does); unlinked keeps all checked
 * and half-checked entries.
 */
export function relink(tree: readonly MenuTreeNode[], checked: readonly number[], halfChecked: readonly number[], linked: boolean): number[] {
  if (!linked) return grantsOf(checked, halfChecked, true);
  const on = new Set(checked);
  const leavesOf = (n: MenuTreeNode): MenuTreeNode[] => (n.children ? n.children.flatMap(leavesOf) : [n]);
  const result = new Set<number>();
  for (const node of allNodes(tree).filter((n) => on.has(n.key))) {
    const leaves = leavesOf(node);
    const picked = leaves.filter((l) => on.has(l.key));
    for (const leaf of picked.length ? picked : leaves) result.add(leaf.key);
  }
  return [...result].sort((a, b) => a - b);
}
