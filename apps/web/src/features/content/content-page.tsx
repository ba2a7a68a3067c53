import ArrowDownOutlined from '@ant-design/icons/ArrowDownOutlined';
import ArrowUpOutlined from '@ant-design/icons/ArrowUpOutlined';
import EyeOutlined from '@ant-design/icons/EyeOutlined';
import { CONTENT_LANGUAGES, CONTENT_PERMISSIONS, CONTENT_STATUSES, type ContentItem, type ContentSection, type PublicContentItem } from '@lightdesk/contract';
import Button from 'antd/es/button';
import Tooltip from 'antd/es/tooltip';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { col, dateCol, textCol } from '../../components/list-columns';
import { controlFilter, selectFilter, textFilter } from '../../components/list-filters';
import { ListPage } from '../../components/list-page';
import { LANGUAGE_LABELS } from '../../lib/i18n/languages';
import { usePermission } from '../../lib/permission';
import { useRefreshResource } from '../../lib/resource-cache';
import { contentCaches, contentPageQuery, deleteContent, moveContent, previewContent } from './api';
import { CategoryName, CategorySelect } from './category-select';
import { contentForm } from './content-form';
import { PreviewDialog } from './preview-dialog';
import { LanguageStates } from './status-tag';
import './content.css';

/**
 * One section's items in their public order: filters by title, state and language, moving up
 * and down, the editing form, and a preview of the draft as the public reads it.
 */
export function ContentList({ section, inUrl = true }: { section: ContentSection; inUrl?: boolean }) {
  const { t } = useTranslation('content');
  const { hasPermi } = usePermission();
  const refresh = useRefreshResource();
  const permission = (action: string) => `${CONTENT_PERMISSIONS[section]}:${action}`;
  const mayMove = hasPermi(permission('update'));
  const [preview, setPreview] = useState<PublicContentItem>();
  const query = useMemo(() => contentPageQuery(section), [section]);
  const form = useMemo(() => contentForm(section), [section]);

  const columns = useMemo(
    () => [
      // The entry and the state of its languages first; its address and who changed it last.
      col<ContentItem>('sortOrder', t('field.sortOrder'), { sortable: true, width: 90 }),
      textCol<ContentItem>('title', t('field.title')),
      col<ContentItem>('languages', t('field.languages'), { render: (_: unknown, row: ContentItem) => <LanguageStates languages={row.languages} /> }),
      ...(section === 'help-question' ? [col<ContentItem>('parentId', t('field.category'), { render: (id: number | null) => <CategoryName id={id} /> })] : []),
      ...(section === 'privacy-policy'
        ? [col<ContentItem>('version', t('field.version')), col<ContentItem>('effectiveDate', t('field.effectiveDate'), { sortable: true })]
        : []),
      dateCol<ContentItem>('updatedAt', t('field.updatedAt'), { sortable: true }),
      col<ContentItem>('updatedBy', t('field.updatedBy')),
      col<ContentItem>('slug', t('field.slug'), { sortable: true }),
    ],
    [t, section],
  );

  const move = async (row: ContentItem, direction: 'up' | 'down') => {
    try {
      await moveContent(section, row.id, direction);
      await refresh(contentCaches[section]);
    } catch {
      // The HTTP client has shown why.
    }
  };
  const showPreview = async (row: ContentItem) => {
    // The first language with a draft, English first: what most readers will see.
    const language = (['en-US', ...CONTENT_LANGUAGES] as const).find((l) => row.languages.some((s) => s.language === l));
    if (!language) return;
    try {
      setPreview(await previewContent(section, row.id, language));
    } catch {
      // The HTTP client has shown why.
    }
  };

  return (
    <>
      <ListPage
        key={section}
        query={query}
        cache={contentCaches[section]}
        columns={columns}
        inUrl={inUrl}
        filters={[
          textFilter('title', t('field.title')),
          selectFilter(
            'status',
            t('field.status'),
            CONTENT_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) })),
          ),
          selectFilter(
            'language',
            t('field.language'),
            CONTENT_LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_LABELS[l] })),
          ),
          ...(section === 'help-question' ? [controlFilter('parentId', t('field.category'), <CategorySelect allowClear />)] : []),
        ]}
        actions={{
          create: { permission: permission('create'), form },
          edit: { permission: permission('update'), form },
          remove: { permission: permission('delete'), run: (row) => deleteContent(section, row.id), describe: (row) => row.title },
        }}
        rowActions={(row) => (
          <>
            {mayMove && (
              <>
                <Tooltip title={t('list.moveUp')}>
                  <Button
                    type="link"
                    size="small"
                    icon={<ArrowUpOutlined />}
                    aria-label={t('list.moveUp')}
                    onClick={() => void move(row, 'up')}
                    data-testid="row-move-up"
                  />
                </Tooltip>
                <Tooltip title={t('list.moveDown')}>
                  <Button
                    type="link"
                    size="small"
                    icon={<ArrowDownOutlined />}
                    aria-label={t('list.moveDown')}
                    onClick={() => void move(row, 'down')}
                    data-testid="row-move-down"
                  />
                </Tooltip>
              </>
            )}
            <Button type="link" size="small" icon={<EyeOutlined />} onClick={() => void showPreview(row)} data-testid="row-preview">
              {t('list.preview')}
            </Button>
          </>
        )}
      />
      {preview && <PreviewDialog item={preview} onClose={() => setPreview(undefined)} />}
    </>
  );
}
