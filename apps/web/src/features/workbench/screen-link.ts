import { useScreens } from '../../lib/navigation';

/** The address of a screen the person may open, by its menu entry's componentName; undefined when they may not. */
export const useScreenPath = (...componentNames: string[]) =>
  useScreens((s) => componentNames.map((name) => s.screens.find((screen) => screen.componentName === name)?.path).find(Boolean));
