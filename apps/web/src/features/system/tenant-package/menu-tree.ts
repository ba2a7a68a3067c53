import type { MenuSimple } from '@lightdesk/contract';

/** Parent of each entry, and children of each, for the check rules below. */
export interface MenuIndex {
  parentOf: ReadonlyMap<number, number>;
  childrenOf: ReadonlyMap<number, readonly number[]>;
}

export function indexMenus(flat: readonly MenuSimple[]): MenuIndex {
  const known = new Set(flat.map((m) => m.id));
  const parentOf = new Map<number, number>();
  const childrenOf = new Map<number, number[]>();
  for (const m of flat) {
    if (!m.parentId || !known.has(m.parentId)) continue;
    parentOf.set(m.id, m.parentId);
    let siblings = childrenOf.get(m.parentId);
    if (!siblings) childrenOf.set(m.parentId, (siblings = []));
    siblings.push(m.id);
  }
  return { parentOf, childrenOf };
}

function descendants(index: MenuIndex, id: number): number[] {
  const out: number[] = [];
  const stack = [...(index.childrenOf.get(id) ?? [])];
  while (stack.length) {
    const next = stack.pop()!;
    out.push(next);
    stack.push(...(index.childrenOf.get(next) ?? []));
  }
  return out;
}

/**
 * Checking an entry grants it, everything under it, and the directories above it (the
 * server adds those anyway: a screen is unreachable without them). Unchecking takes away
 * the entry and everything under it, and leaves the rest alone. Unlike antd's linked
 * checks, a screen can be granted without all of its buttons — a read-only grant — and
 * the set saved is exactly the set shown.
 */
export function toggleMenu(index: MenuIndex, checked: ReadonlySet<number>, id: number, on: boolean): Set<number> {
  const next = new Set(checked);
  const below = descendants(index, id);
  if (on) {
    for (const m of [id, ...below]) next.add(m);
    for (let up = index.parentOf.get(id); up !== undefined; up = index.parentOf.get(up)) next.add(up);
  } else {
    for (const m of [id, ...below]) next.delete(m);
  }
  return next;
}
