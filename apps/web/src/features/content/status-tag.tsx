import { LANGUAGE_LABELS } from '../../lib/i18n/languages';
import type { ContentLanguageState, ContentStatus } from '@lightdesk/contract';
import Tag from 'antd/es/tag';
import Tooltip from 'antd/es/tooltip';
import { useTranslation } from 'react-i18next';

const COLORS: Record<ContentStatus, string> = { draft: 'default', published: 'success', changed: 'warning' };

/** A language's state: draft, published, or changed since it was published. */
export function StatusTag({ status }: { status: ContentStatus }) {
  const { t } = useTranslation('content');
  return (
    <Tag color={COLORS[status]} data-testid={`status-${status}`}>
      {t(`status.${status}`)}
    </Tag>
  );
}

/** Each language the item has, coloured by its state (the list's column). */
export function LanguageStates({ languages }: { languages: readonly ContentLanguageState[] }) {
  const { t } = useTranslation('content');
  return (
    <span className="content-languages">
      {languages.map(({ language, status }) => (
        <Tooltip key={language} title={`${LANGUAGE_LABELS[language]}: ${t(`status.${status}`)}`}>
          <Tag color={COLORS[status]} data-testid={`language-${language}-${status}`}>
            {language}
          </Tag>
        </Tooltip>
      ))}
    </span>
  );
}
