import Select from 'antd/es/select';
import { useTranslation } from 'react-i18next';
import { MENU_ICON_NAMES, MenuIcon } from '../../../components/menu-icons';

const OPTIONS = MENU_ICON_NAMES.map((name) => ({
  value: name,
  label: (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
      <MenuIcon name={name} />
      {name}
    </span>
  ),
}));

export interface MenuIconPickerProps {
  value?: string;
  onChange?: (value: string) => void;
  id?: string;
}

/**
 * Only the icons the shell can draw (components/menu-icons): a name outside that list would
 * show the neutral fallback icon in the sidebar.
 */
export function MenuIconPicker({ value, onChange, id }: MenuIconPickerProps) {
  const { t } = useTranslation('system');
  return (
    <Select<string>
      id={id}
      allowClear
      showSearch={{ optionFilterProp: 'value' }}
      placeholder={t('menu.form.iconPlaceholder')}
      // An unknown stored name stays visible (and removable) rather than vanishing.
      value={value || undefined}
      onChange={(next) => onChange?.(next ?? '')}
      options={OPTIONS}
      data-testid="menu-icon"
    />
  );
}
