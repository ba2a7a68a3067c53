/** A visited page in the tags view. */
export interface Tag {
  path: string;
  name: string;
  componentName: string;
  affix: boolean;
  /** keepAlive pages keep their state while hidden; the others (noCache) are rebuilt each visit. */
  keepAlive: boolean;
}

/** The result of a close action: the tags left, and where to go when the open page was closed. */
export interface TagsChange {
  tags: Tag[];
  navigateTo?: string;
}

export function addTag(tags: readonly Tag[], tag: Tag): Tag[] {
  if (tags.some((t) => t.path === tag.path)) return [...tags];
  // Affix tags sit at the front, in the order they arrive.
  return tag.affix ? [...tags.filter((t) => t.affix), tag, ...tags.filter((t) => !t.affix)] : [...tags, tag];
}

/** After closing the open page go to the last tag left, else the landing page (as the original). */
function settle(tags: Tag[], activePath: string, home: string): TagsChange {
  if (tags.some((t) => t.path === activePath)) return { tags };
  return { tags, navigateTo: tags.at(-1)?.path ?? home };
}

export function closeTag(tags: readonly Tag[], path: string, activePath: string, home: string): TagsChange {
  return settle(
    tags.filter((t) => t.path !== path || t.affix),
    activePath,
    home,
  );
}

export function closeOthers(tags: readonly Tag[], path: string, activePath: string, home: string): TagsChange {
  const kept = tags.filter((t) => t.affix || t.path === path);
  const change = settle(kept, activePath, home);
  // "Close others" from a tag's menu also opens that tag.
  return activePath === path ? change : { tags: kept, navigateTo: path };
}

function closeSide(tags: readonly Tag[], path: string, activePath: string, home: string, side: 'left' | 'right'): TagsChange {
  const index = tags.findIndex((t) => t.path === path);
  if (index < 0) return { tags: [...tags] };
  const kept = tags.filter((t, i) => t.affix || (side === 'left' ? i >= index : i <= index));
  const change = settle(kept, activePath, home);
  return change.navigateTo ? { tags: kept, navigateTo: path } : change;
}

export const closeLeft = (tags: readonly Tag[], path: string, activePath: string, home: string) => closeSide(tags, path, activePath, home, 'left');
export const closeRight = (tags: readonly Tag[], path: string, activePath: string, home: string) => closeSide(tags, path, activePath, home, 'right');

export function closeAll(tags: readonly Tag[], activePath: string, home: string): TagsChange {
  return settle(
    tags.filter((t) => t.affix),
    activePath,
    home,
  );
}

/** Which of the close actions make sense for a tag (disabled items in its menu). */
export function availableActions(tags: readonly Tag[], path: string) {
  const index = tags.findIndex((t) => t.path === path);
  const tag = tags[index];
  const closable = (t: Tag) => !t.affix;
  return {
    close: !!tag && closable(tag),
    closeOthers: tags.some((t, i) => i !== index && closable(t)),
    closeLeft: tags.slice(0, Math.max(index, 0)).some(closable),
    closeRight: index >= 0 && tags.slice(index + 1).some(closable),
    closeAll: tags.some(closable),
  };
}
