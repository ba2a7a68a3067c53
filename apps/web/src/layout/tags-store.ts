import { create } from 'zustand';
import { addTag, type Tag, type TagsChange } from './tags';

interface TagsState {
  tags: Tag[];
  /** Bumped by "refresh": the page's element key changes, so it is built afresh. */
  versions: Record<string, number>;
  visit: (tag: Tag) => void;
  apply: (change: TagsChange) => void;
  refresh: (path: string) => void;
  clear: () => void;
}

export const useTags = create<TagsState>()((set) => ({
  tags: [],
  versions: {},
  visit: (tag) => set((s) => ({ tags: addTag(s.tags, tag) })),
  apply: (change) => set({ tags: change.tags }),
  refresh: (path) => set((s) => ({ versions: { ...s.versions, [path]: (s.versions[path] ?? 0) + 1 } })),
  clear: () => set({ tags: [], versions: {} }),
}));
