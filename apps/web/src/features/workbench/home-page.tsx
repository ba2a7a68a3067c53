import SearchOutlined from '@ant-design/icons/SearchOutlined';
import Empty from 'antd/es/empty';
import Input from 'antd/es/input';
import Typography from 'antd/es/typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/i18n/ui-locale';
import type { Language } from '../../lib/i18n/languages';
import { menuTitle, useScreens } from '../../lib/navigation';
import { useSession } from '../../lib/session';
import { Panel } from '../../components/panel';
import { RouteLink } from '../../components/route-link';
import { FirmwareAwaiting } from './firmware-awaiting';
import { OfflineDevices } from './offline-devices';
import { RecentFeedback } from './recent-feedback';
import { Shortcuts } from './shortcuts';
import { TodayFigures } from './today-figures';
import './home.css';

const greetingOf = (hour: number) => (hour < 12 ? 'morning' : hour < 18 ? 'afternoon' : 'evening');

/**
 * Workbench home (`/home`): a greeting, today's figures of the person's stores, what waits for
 * them (feedback, offline devices, firmware to verify), shortcuts to their usual screens, and a
 * finder for every screen they may open. Each panel shows only when its endpoint is theirs to read.
 */
export function HomePage() {
  const { t, i18n } = useTranslation('workbench');
  const user = useSession((s) => s.user);
  const screens = useScreens((s) => s.screens);
  const [query, setQuery] = useState('');
  const now = new Date();

  const found = useMemo(() => {
    const needle = query.trim().toLowerCase();
    return screens
      .map((s) => ({ ...s, title: menuTitle(t, s) }))
      .filter((s) => s.path !== '/home' && (!needle || s.title.toLowerCase().includes(needle) || s.path.toLowerCase().includes(needle)));
  }, [screens, query, t]);

  return (
    <div className="workbench-home">
      <Panel className="workbench-greeting">
        <Typography.Title level={3}>{t(`greeting.${greetingOf(now.getHours())}`, { name: user?.nickname || user?.userName || '' })}</Typography.Title>
        <Typography.Text type="secondary">{formatDateTime(now, i18n.language as Language, { dateStyle: 'full' })}</Typography.Text>
      </Panel>
      <TodayFigures />
      <Shortcuts />
      <div className="workbench-columns">
        <RecentFeedback />
        <OfflineDevices />
        <FirmwareAwaiting />
      </div>
      <Panel title={t('finder.title')}>
        <Input
          allowClear
          size="large"
          prefix={<SearchOutlined />}
          placeholder={t('finder.placeholder')}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          data-testid="screen-search"
        />
        {found.length ? (
          <ul className="workbench-screens">
            {found.map((s) => (
              <li key={s.path}>
                <RouteLink to={s.path}>{s.title}</RouteLink>
                <span>{s.path}</span>
              </li>
            ))}
          </ul>
        ) : (
          <Empty description={t('finder.none')} />
        )}
      </Panel>
    </div>
  );
}
