import Button from 'antd/es/button';
import ColorPicker from 'antd/es/color-picker';
import Divider from 'antd/es/divider';
import Drawer from 'antd/es/drawer';
import Radio from 'antd/es/radio';
import Switch from 'antd/es/switch';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../lib/notify';
import { THEME_PRESETS } from '../lib/theme';
import { useSettings, type ComponentSize, type LayoutSettings } from './settings';

type Toggle = keyof Pick<LayoutSettings, 'topNav' | 'tagsView' | 'fixedHeader' | 'sidebarLogo' | 'dynamicTitle'>;
const TOGGLES: Toggle[] = ['topNav', 'tagsView', 'fixedHeader', 'sidebarLogo', 'dynamicTitle'];

/** A setting and its label. A control given as a function gets the label's id, to be named by it. */
function Row({ label, children }: { label: string; children: ReactNode | ((labelId: string) => ReactNode) }) {
  const id = useId();
  return (
    <div className="settings-row">
      <span id={id}>{label}</span>
      {typeof children === 'function' ? children(id) : children}
    </div>
  );
}

/** The settings drawer: changes apply at once, "save" keeps them, "reset" reloads. */
export function SettingsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('layout');
  const { settings, size, change, save, reset, setSize } = useSettings();
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('settings.title')}
      size={380}
      data-testid="settings-drawer"
      footer={
        <div className="settings-actions">
          <Button
            type="primary"
            onClick={() => {
              save();
              notify.success(t('settings.saved'));
              onClose();
            }}
            data-testid="settings-save"
          >
            {t('settings.save')}
          </Button>
          <Button onClick={reset} data-testid="settings-reset">
            {t('settings.reset')}
          </Button>
        </div>
      }
    >
      <Row label={t('settings.sideTheme')}>
        {(labelId) => (
          <Radio.Group
            aria-labelledby={labelId}
            optionType="button"
            value={settings.sideTheme}
            onChange={(e) => change({ sideTheme: e.target.value as LayoutSettings['sideTheme'] })}
            options={[
              { value: 'dark', label: t('settings.dark') },
              { value: 'light', label: t('settings.light') },
            ]}
          />
        )}
      </Row>
      <Row label={t('settings.theme')}>
        <ColorPicker
          value={settings.theme}
          disabledAlpha
          presets={[{ label: t('settings.presets'), colors: [...THEME_PRESETS] }]}
          onChangeComplete={(c) => change({ theme: c.toHexString() })}
        />
      </Row>
      <Row label={t('settings.size')}>
        {(labelId) => (
          <Radio.Group
            aria-labelledby={labelId}
            optionType="button"
            value={size}
            onChange={(e) => setSize(e.target.value as ComponentSize)}
            options={(['small', 'medium', 'large'] as const).map((s) => ({ value: s, label: t(`settings.sizes.${s}`) }))}
          />
        )}
      </Row>
      <Divider />
      {TOGGLES.map((key) => (
        <Row key={key} label={t(`settings.${key}`)}>
          {(labelId) => <Switch aria-labelledby={labelId} checked={settings[key]} onChange={(on) => change({ [key]: on })} data-testid={`setting-${key}`} />}
        </Row>
      ))}
    </Drawer>
  );
}
