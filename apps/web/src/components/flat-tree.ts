/** A row of a flat list that names its parent (departments, menus): 0 or a missing parent is the top. */
export interface FlatNode {
  id: number;
  parentId: number;
}
export type TreeNode<T> = T & { children?: TreeNode<T>[] };

/**
 * The server lists trees flat, in display order (contract: "the web builds the tree"). Rows
 * keep that order under their parent; a row whose parent is not in the list (filtered out, or
 * disabled) is shown at the top rather than lost. Leaves have no `children`, so tables and
 * trees draw no expander for them.
 */
export function buildTree<T extends FlatNode>(rows: readonly T[]): TreeNode<T>[] {
  const nodes = new Map<number, TreeNode<T>>(rows.map((row) => [row.id, { ...row }]));
  const roots: TreeNode<T>[] = [];
  for (const row of rows) {
    const node = nodes.get(row.id)!;
    const parent = row.parentId === row.id ? undefined : nodes.get(row.parentId);
    if (parent) (parent.children ??= []).push(node);
    else roots.push(node);
  }
  return roots;
}

/** Every node of a tree, depth first. */
export function walkTree<T>(nodes: readonly TreeNode<T>[]): TreeNode<T>[] {
  return nodes.flatMap((node) => [node, ...walkTree(node.children ?? [])]);
}
