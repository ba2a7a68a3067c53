import { DictType } from '@lightdesk/contract';
import Descriptions from 'antd/es/descriptions';
import Skeleton from 'antd/es/skeleton';
import Tag from 'antd/es/tag';
import { useTranslation } from 'react-i18next';
import { DataEmpty, DataFailed, DataLoading } from '../../components/data-state';
import { DateTime } from '../../components/list-columns';
import { DictTag } from '../../components/dict-tag';
import { OnlineBadge } from '../../components/online-badge';
import { SAMPLE_STORES } from './sample';
import { GalleryPage, StateGrid, retryNothing } from './states';

const STORE = SAMPLE_STORES[0]!;

/** Dictionary tags, online badges and antd's preset tags. */
function StatusTags() {
  const { t } = useTranslation('gallery');
  return (
    <StateGrid
      title={t('status.tags')}
      render={(state) => {
        if (state === 'loading') return <Skeleton.Button active size="small" />;
        if (state === 'error') return <Tag color="error">{t('sample.error')}</Tag>;
        if (state === 'empty') return <span>–</span>;
        return (
          <div className="gallery-row">
            <DictTag type={DictType.commonStatus} value={0} />
            <DictTag type={DictType.commonStatus} value={1} />
            <OnlineBadge online />
            <OnlineBadge online={false} />
            {(['success', 'processing', 'warning', 'error', 'default'] as const).map((color) => (
              <Tag key={color} color={color}>
                {t(`status.tag.${color}`)}
              </Tag>
            ))}
          </div>
        );
      }}
    />
  );
}

/** Test page 3: dictionary tags, online badges, plain tags and a description list in each state. */
export function StatusGalleryPage() {
  const { t } = useTranslation('gallery');
  return (
    <GalleryPage intro={t('status.intro')}>
      <StatusTags />
      <StateGrid
        title={t('status.descriptions')}
        render={(state) => {
          if (state === 'loading') return <DataLoading />;
          if (state === 'error') return <DataFailed retry={retryNothing} />;
          if (state === 'empty') return <DataEmpty compact />;
          return (
            <Descriptions
              size="small"
              column={1}
              bordered
              items={[
                { key: 'name', label: t('field.name'), children: STORE.name },
                { key: 'meshId', label: t('field.meshId'), children: STORE.meshId },
                { key: 'status', label: t('field.status'), children: <DictTag type={DictType.commonStatus} value={STORE.status} /> },
                { key: 'online', label: t('field.online'), children: <OnlineBadge online={STORE.online} /> },
                { key: 'createdAt', label: t('field.createdAt'), children: <DateTime value={STORE.createdAt} /> },
              ]}
            />
          );
        }}
      />
    </GalleryPage>
  );
}
