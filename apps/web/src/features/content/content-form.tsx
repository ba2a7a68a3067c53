import EyeOutlined from '@ant-design/icons/EyeOutlined';
import {
  CONTENT_LANGUAGES,
  CONTENT_PERMISSIONS,
  CONTENT_VIDEO_MAX_BYTES,
  CONTENT_VIDEO_TYPES,
  ContentValues,
  GUIDE_SLUGS,
  SECTION_FIELDS,
  type ContentDetail,
  type ContentItem,
  type ContentLanguage,
  type ContentSection,
} from '@lightdesk/contract';
import { useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Tabs from 'antd/es/tabs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useContractRules } from '../../components/field-rules';
import { FormDialog } from '../../components/form-dialog';
import type { ListForm } from '../../components/list-page';
import { UploadWithProgress } from '../../components/upload-with-progress';
import { LANGUAGE_LABELS } from '../../lib/i18n/languages';
import { notify } from '../../lib/notify';
import { usePermission } from '../../lib/permission';
import { useRefreshResource } from '../../lib/resource-cache';
import { CategorySelect } from './category-select';
import { contentCaches, contentDetailQuery, publishContent, saveContent, unpublishContent, uploadContentFile } from './api';
import { RichTextField } from './editor';
import { PreviewDialog } from './preview-dialog';
import { StatusTag } from './status-tag';

type Drafts = Partial<Record<ContentLanguage, { title?: string; body?: string }>>;
interface Values {
  slug: string;
  parentId?: number;
  videoKey?: string;
  version?: string;
  effectiveDate?: string;
  translations: Drafts;
}

const has = (section: ContentSection, field: (typeof SECTION_FIELDS)[ContentSection][number]) => (SECTION_FIELDS[section] as readonly string[]).includes(field);

/** The form's values as the contract's body: languages with a title are written, the others keep what they have. */
function toBody(section: ContentSection, { translations, ...values }: Values): ContentValues {
  return {
    slug: values.slug,
    ...(has(section, 'parentId') ? { parentId: values.parentId } : {}),
    ...(has(section, 'videoKey') ? { videoKey: values.videoKey ?? '' } : {}),
    ...(has(section, 'version') ? { version: values.version, effectiveDate: values.effectiveDate } : {}),
    translations: CONTENT_LANGUAGES.flatMap((language) => {
      const draft = translations[language];
      return draft?.title?.trim() ? [{ language, title: draft.title.trim(), body: draft.body ?? '' }] : [];
    }),
  };
}

function initialValues(detail: ContentDetail | undefined): Partial<Values> {
  if (!detail) return { translations: {} };
  return {
    slug: detail.slug,
    parentId: detail.parentId ?? undefined,
    videoKey: detail.videoKey,
    version: detail.version || undefined,
    effectiveDate: detail.effectiveDate ?? undefined,
    translations: Object.fromEntries(detail.translations.map((tr) => [tr.language, { title: tr.title, body: tr.body }])),
  };
}

/**
 * The create and edit form of one section: its own fields, then a tab per language with the title
 * and the rich text. An existing item publishes or withdraws each language from its tab (after
 * saving what the form holds), and previews the draft as the public page shows it.
 */
export const contentForm = (section: ContentSection): ListForm<ContentItem> =>
  function ContentForm({ row, onClose }) {
    const { t } = useTranslation('content');
    const [form] = Form.useForm<Values>();
    const rules = useContractRules(ContentValues);
    const { hasPermi } = usePermission();
    const refresh = useRefreshResource();
    const detail = useQuery({ ...contentDetailQuery(section, row?.id ?? 0), enabled: !!row });
    const [language, setLanguage] = useState<ContentLanguage>('zh-CN');
    const [busy, setBusy] = useState(false);
    const [preview, setPreview] = useState<{ title: string; body: string; videoUrl: string }>();
    const [videoUrl, setVideoUrl] = useState<string>();
    const mayPublish = !!row && hasPermi(`${CONTENT_PERMISSIONS[section]}:publish`);
    const upload = (file: File) => uploadContentFile(section, file).then((answer) => answer.url);
    const statusOf = (lang: ContentLanguage) => detail.data?.translations.find((tr) => tr.language === lang)?.status;

    /** Saves what the form holds, then publishes or withdraws one language. */
    const changePublication = async (lang: ContentLanguage, publish: boolean) => {
      if (!row) return;
      const values = await form.validateFields().catch(() => undefined);
      if (!values) return;
      setBusy(true);
      try {
        await saveContent(section, toBody(section, values), row.id);
        await (publish ? publishContent : unpublishContent)(section, row.id, lang);
        notify.success(t(publish ? 'form.publishedDone' : 'form.withdrawnDone', { language: LANGUAGE_LABELS[lang] }));
        await refresh(contentCaches[section]);
      } catch {
        // The HTTP client has shown why.
      } finally {
        setBusy(false);
      }
    };

    const languageTab = (lang: ContentLanguage) => {
      const status = statusOf(lang);
      return {
        key: lang,
        label: (
          <span lang={lang}>
            {LANGUAGE_LABELS[lang]} {status && <StatusTag status={status} />}
          </span>
        ),
        // Every tab stays mounted: the form keeps each language's fields while another is shown.
        forceRender: true,
        children: (
          <>
            <Form.Item name={['translations', lang, 'title']} label={t('field.title')}>
              <Input maxLength={200} lang={lang} data-testid={`content-title-${lang}`} />
            </Form.Item>
            <Form.Item name={['translations', lang, 'body']} label={t('field.body')}>
              <RichTextField label={t('field.bodyIn', { language: LANGUAGE_LABELS[lang] })} upload={upload} />
            </Form.Item>
            <Space wrap>
              <Button
                icon={<EyeOutlined />}
                onClick={() => {
                  const draft = (form.getFieldValue(['translations', lang]) as Drafts[ContentLanguage]) ?? {};
                  setPreview({ title: draft.title ?? '', body: draft.body ?? '', videoUrl: videoUrl ?? detail.data?.videoUrl ?? '' });
                }}
                data-testid={`content-preview-${lang}`}
              >
                {t('form.preview')}
              </Button>
              {mayPublish && (
                <Button type="primary" ghost loading={busy} onClick={() => void changePublication(lang, true)} data-testid={`content-publish-${lang}`}>
                  {t('form.publish', { language: LANGUAGE_LABELS[lang] })}
                </Button>
              )}
              {mayPublish && status && status !== 'draft' && (
                <Button danger loading={busy} onClick={() => void changePublication(lang, false)} data-testid={`content-unpublish-${lang}`}>
                  {t('form.withdraw')}
                </Button>
              )}
              {!row && <span className="content-hint">{t('form.publishAfterSave')}</span>}
            </Space>
          </>
        ),
      };
    };

    return (
      <>
        <FormDialog<Values>
          title={t(row ? 'form.edit' : 'form.create', { section: t(`section.${section}`) })}
          form={form}
          testId="content-form"
          width={1000}
          loading={!!row && !detail.data}
          initialValues={initialValues(detail.data)}
          onSave={(values) => {
            const body = toBody(section, values);
            // Without a title in any language there is nothing to save: say so beside the tabs.
            if (!body.translations.length) {
              notify.error(t('form.needOneLanguage'));
              return Promise.reject(new Error(t('form.needOneLanguage')));
            }
            return saveContent(section, body, row?.id);
          }}
          savedText={t('form.savedDraft')}
          onClose={onClose}
        >
          <div className="content-form-fields">
            <Form.Item name="slug" label={t('field.slug')} extra={section === 'guide' ? undefined : t('field.slugHint')} rules={rules('slug', t('field.slug'))}>
              {section === 'guide' ? (
                <Select options={GUIDE_SLUGS.map((slug) => ({ value: slug, label: slug }))} disabled={!!row} data-testid="content-slug" />
              ) : (
                <Input maxLength={80} data-testid="content-slug" />
              )}
            </Form.Item>
            {has(section, 'parentId') && (
              <Form.Item name="parentId" label={t('field.category')} rules={[{ required: true, message: t('field.categoryRequired') }]}>
                <CategorySelect />
              </Form.Item>
            )}
            {has(section, 'version') && (
              <>
                <Form.Item
                  name="version"
                  label={t('field.version')}
                  rules={[{ required: true, message: t('field.versionRequired') }, ...rules('version', t('field.version'))]}
                >
                  <Input maxLength={20} placeholder="1.0" data-testid="content-version" />
                </Form.Item>
                <Form.Item name="effectiveDate" label={t('field.effectiveDate')} rules={[{ required: true, message: t('field.effectiveRequired') }]}>
                  <Input type="date" data-testid="content-effective" />
                </Form.Item>
              </>
            )}
          </div>
          {has(section, 'videoKey') && (
            <Form.Item name="videoKey" label={t('field.video')}>
              <VideoField
                upload={(file, onProgress) => uploadContentFile(section, file, onProgress)}
                url={videoUrl ?? detail.data?.videoUrl}
                onUrl={setVideoUrl}
              />
            </Form.Item>
          )}
          <Tabs
            activeKey={language}
            onChange={(key) => setLanguage(key as ContentLanguage)}
            items={CONTENT_LANGUAGES.map(languageTab)}
            data-testid="content-languages"
          />
        </FormDialog>
        {preview && <PreviewDialog item={preview} onClose={() => setPreview(undefined)} />}
      </>
    );
  };

/** The chapter's video: an upload, then the player showing what was uploaded. */
function VideoField({
  onChange,
  upload,
  url,
  onUrl,
}: {
  value?: string;
  onChange?: (key: string) => void;
  upload: (file: File, onProgress: (percent: number) => void) => Promise<{ fileKey: string; url: string }>;
  url?: string;
  onUrl: (url: string) => void;
}) {
  return (
    <div className="content-video-field">
      {url && <video src={url} controls preload="metadata" className="content-preview-video" data-testid="content-video" />}
      <UploadWithProgress
        accept={CONTENT_VIDEO_TYPES}
        maxBytes={CONTENT_VIDEO_MAX_BYTES}
        upload={upload}
        onUploaded={(answer) => {
          onChange?.(answer.fileKey);
          onUrl(answer.url);
        }}
      />
    </div>
  );
}
