import { create } from 'zustand';
import { local } from '../lib/storage';
import { PRIMARY } from '../lib/theme';

/** The settings drawer's layout settings, saved to local storage. */
export interface LayoutSettings {
  sideTheme: 'dark' | 'light';
  /** Primary colour of the console. */
  theme: string;
  topNav: boolean;
  tagsView: boolean;
  fixedHeader: boolean;
  sidebarLogo: boolean;
  dynamicTitle: boolean;
}

/** The defaults; the theme colour is the console's accessible blue (docs/web-shell.md). */
export const DEFAULT_SETTINGS: LayoutSettings = {
  sideTheme: 'dark',
  theme: PRIMARY,
  topNav: false,
  tagsView: true,
  fixedHeader: false,
  sidebarLogo: true,
  dynamicTitle: false,
};

/** Component size, medium by default. */
export type ComponentSize = 'small' | 'medium' | 'large';

const readSettings = (): LayoutSettings => ({ ...DEFAULT_SETTINGS, ...local.get<Partial<LayoutSettings>>('layoutSettings') });

interface SettingsState {
  settings: LayoutSettings;
  size: ComponentSize;
  sidebarOpened: boolean;
  /** Changes apply at once; `save` keeps them for the next visit. */
  change: (patch: Partial<LayoutSettings>) => void;
  save: () => void;
  /** Reset forgets the saved settings and reloads. */
  reset: () => void;
  setSize: (size: ComponentSize) => void;
  toggleSidebar: () => void;
}

export const useSettings = create<SettingsState>()((set, get) => ({
  settings: readSettings(),
  size: local.get<ComponentSize>('size') ?? 'medium',
  sidebarOpened: local.get<boolean>('sidebarOpened') ?? true,
  change: (patch) => set((s) => ({ settings: { ...s.settings, ...patch } })),
  save: () => local.set('layoutSettings', get().settings),
  reset: () => {
    local.remove('layoutSettings');
    local.remove('size');
    window.location.reload();
  },
  setSize: (size) => {
    local.set('size', size);
    set({ size });
  },
  toggleSidebar: () => {
    const sidebarOpened = !get().sidebarOpened;
    local.set('sidebarOpened', sidebarOpened);
    set({ sidebarOpened });
  },
}));
