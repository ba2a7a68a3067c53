import type { DictData } from '@lightdesk/contract';
import { create } from 'zustand';

export interface DictState {
  /** Entries of each dictionary type, in the server's sort order. */
  byType: Record<string, DictData[]>;
  /** Replaces the whole cache with `GET /api/system/dict-data/list-all-simple` (every type's entries, grouped by dictType). */
  setAll: (list: readonly DictData[]) => void;
  entries: (type: string) => DictData[];
  entry: (type: string, value: string) => DictData | undefined;
  /** The server's label, or the raw value when the dictionary lacks it (better than a blank cell). */
  label: (type: string, value: string) => string;
}

// One shared empty array keeps selectors referentially stable for unknown types.
const NONE: DictData[] = [];

/** The dictionary cache: the app fills it after sign-in, dict tags and selects read it. */
export const useDictStore = create<DictState>()((set, get) => ({
  byType: {},
  setAll: (list) => {
    const byType: Record<string, DictData[]> = {};
    for (const item of list) (byType[item.dictType] ??= []).push(item);
    for (const items of Object.values(byType)) items.sort((a, b) => a.sort - b.sort);
    set({ byType });
  },
  entries: (type) => get().byType[type] ?? NONE,
  entry: (type, value) =>
    get()
      .entries(type)
      .find((d) => d.value === value),
  label: (type, value) => get().entry(type, value)?.label ?? value,
}));
