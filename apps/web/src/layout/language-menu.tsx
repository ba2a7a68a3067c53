import GlobalOutlined from '@ant-design/icons/GlobalOutlined';
import Button from 'antd/es/button';
import Dropdown from 'antd/es/dropdown';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../lib/i18n/use-language';
import { isLanguage, LANGUAGE_LABELS } from '../lib/i18n/languages';

/** The language dropdown: the brand's languages, each named in itself. */
export function LanguageMenu({ compact }: { compact: boolean }) {
  const { t } = useTranslation('layout');
  const { current, offered, change } = useLanguage();
  const label = LANGUAGE_LABELS[current];
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [current],
        items: offered.map((l) => ({ key: l.code, label: <span lang={l.code}>{l.label}</span>, 'data-testid': `lang-${l.code}` })),
        onClick: ({ key }) => {
          if (isLanguage(key)) void change(key);
        },
      }}
    >
      {/* The name begins with the text on show, so a person using speech input can say what they see. */}
      <Button type="text" icon={<GlobalOutlined />} aria-label={t('navbar.language', { language: label })} data-testid="lang-menu">
        {!compact && label}
      </Button>
    </Dropdown>
  );
}
