import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Panel } from '../../components/panel';
import { RouteButton } from '../../components/route-link';
import { menuTitle, useScreens, type ScreenLink } from '../../lib/navigation';
import { mostVisitedScreens } from '../../lib/screen-visits';
import { useSession } from '../../lib/session';

const SHORTCUTS = 8;

/** Before a person has habits: the screens most people start their day with, as far as they may open them. */
const DEFAULT_SCREENS = [
  'TodayOverview',
  'StoreMesh',
  'DeviceLuminaire',
  'Feedback',
  'FirmwareRelease',
  'StatisticsStorePopularity',
  'CountingStore',
  'SystemUser',
];

/** Shortcuts to the screens this person opens most in this browser, topped up with the default set. */
export function pickShortcuts(screens: readonly ScreenLink[], visited: readonly string[]): ScreenLink[] {
  const openable = screens.filter((s) => s.path !== '/home');
  const byPath = new Map(openable.map((s) => [s.path, s]));
  const picked = new Map<string, ScreenLink>();
  for (const path of visited) {
    const screen = byPath.get(path);
    if (screen) picked.set(path, screen);
  }
  for (const name of DEFAULT_SCREENS) {
    const screen = openable.find((s) => s.componentName === name && s.visible);
    if (screen) picked.set(screen.path, screen);
  }
  return [...picked.values()].slice(0, SHORTCUTS);
}

export function Shortcuts() {
  const { t } = useTranslation('workbench');
  const screens = useScreens((s) => s.screens);
  const userId = useSession((s) => s.user?.id);
  const shortcuts = useMemo(() => pickShortcuts(screens, userId === undefined ? [] : mostVisitedScreens(userId)), [screens, userId]);
  if (!shortcuts.length) return null;
  return (
    <Panel title={t('shortcuts.title')} data-testid="home-shortcuts">
      <ul className="workbench-shortcuts">
        {shortcuts.map((s) => (
          <li key={s.path}>
            <RouteButton to={s.path}>{menuTitle(t, s)}</RouteButton>
          </li>
        ))}
      </ul>
    </Panel>
  );
}
