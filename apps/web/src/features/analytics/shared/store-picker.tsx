import { analyticsStoreApi } from '@lightdesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import Select from 'antd/es/select';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../lib/http';

export interface StoreOption {
  id: number;
  name: string;
  meshId: string;
}

/**
 * Where the picker finds stores: the console's store list, by name, 50 at a time. The one line
 * to change when analytics has a store list of its own.
 */
const findStores = async (name: string): Promise<StoreOption[]> =>
  (await call(analyticsStoreApi.stores, { name: name || undefined, page: 1, limit: 50 })).list.map((s) => ({ id: s.id, name: s.name, meshId: s.meshId }));

export const storeOptionsQuery = (name: string) =>
  queryOptions({ queryKey: ['analytics', 'stores', name], queryFn: () => findStores(name), staleTime: 60_000 });

export interface StorePickerProps {
  value?: number;
  onChange: (storeId: number) => void;
}

/** The store an analytics screen looks at, searched by name. */
export function StorePicker({ value, onChange }: StorePickerProps) {
  const { t } = useTranslation('analytics');
  const [search, setSearch] = useState('');
  const name = useDeferredValue(search.trim());
  const { data: stores = [], isFetching } = useQuery(storeOptionsQuery(name));

  return (
    <Select<number>
      showSearch={{ filterOption: false, onSearch: setSearch }}
      value={value}
      loading={isFetching}
      placeholder={t('shared.store.placeholder')}
      aria-label={t('shared.store.label')}
      notFoundContent={t('shared.store.none')}
      options={stores.map((s) => ({ value: s.id, label: `${s.name} (${s.meshId})` }))}
      onChange={(id) => onChange(id)}
      style={{ minWidth: 240 }}
      data-testid="store-picker"
    />
  );
}
