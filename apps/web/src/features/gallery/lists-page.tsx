import type { Page } from '@lightdesk/contract';
import { queryOptions } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { col, dateCol, dictCol } from '../../components/list-columns';
import { textFilter } from '../../components/list-filters';
import { ListPage } from '../../components/list-page';
import { OnlineBadge } from '../../components/online-badge';
import { resourceCache } from '../../lib/resource-cache';
import { SAMPLE_STORES, type SampleStore } from './sample';
import { GalleryPage, StateGrid, sampleAnswer, type DataState } from './states';

const cache = resourceCache('gallery', 'stores');
const storesQuery = (state: DataState) => (params: { page: number; limit: number }) =>
  queryOptions({
    queryKey: cache.key(state, params),
    queryFn: () => sampleAnswer<Page<SampleStore>>(state, { list: SAMPLE_STORES, total: SAMPLE_STORES.length }, { list: [], total: 0 }),
    retry: false,
  });

/** Test page 1: the list scaffold (search form, toolbar, table, pagination) with no rows, loading, failed and with rows. */
export function ListsGalleryPage() {
  const { t } = useTranslation('gallery');
  const columns = [
    col<SampleStore>('name', t('field.name')),
    col<SampleStore>('meshId', t('field.meshId')),
    dictCol<SampleStore>('status', t('field.status'), 'common_status'),
    col<SampleStore>('online', t('field.online'), { render: (online: boolean) => <OnlineBadge online={online} /> }),
    dateCol<SampleStore>('createdAt', t('field.createdAt')),
  ];
  return (
    <GalleryPage intro={t('lists.intro')}>
      <StateGrid
        wide
        title={t('lists.title')}
        render={(state) => (
          <ListPage query={storesQuery(state)} cache={cache} columns={columns} rowKey="id" filters={[textFilter('name', t('field.name'))]} inUrl={false} />
        )}
      />
    </GalleryPage>
  );
}
