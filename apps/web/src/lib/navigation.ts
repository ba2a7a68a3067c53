import type { TFunction } from 'i18next';
import { createContext, useContext } from 'react';
import { create } from 'zustand';

/** A screen the signed-in user may open, as screens that link to others need it. */
export interface ScreenLink {
  path: string;
  name: string;
  componentName: string;
  visible: boolean;
}

/** What every screen registered in the app's screen registry receives. */
export interface ScreenProps {
  path: string;
  name: string;
  component: string;
}

/**
 * The route path of the screen being rendered. Kept-alive screens stay mounted while another
 * route is shown; this tells each which address is its own (a list keeps its state there).
 */
export const ScreenPathContext = createContext<string | undefined>(undefined);
export const useScreenPath = () => useContext(ScreenPathContext);

/** Filled by the app when it builds the routes from the menu; read by e.g. the workbench. */
export const useScreens = create<{ screens: ScreenLink[] }>()(() => ({ screens: [] }));

/** Menu titles are translated by `componentName` (namespace `menu`), the server's name otherwise. */
export const menuTitle = (t: TFunction, item: { name: string; componentName: string }) =>
  item.componentName ? t(item.componentName, { ns: 'menu', defaultValue: item.name }) : item.name;
