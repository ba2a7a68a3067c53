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

/** The stores the search by name finds, and the search. */
function useStoreSearch() {
  const [search, setSearch] = useState('');
  const name = useDeferredValue(search.trim());
  const { data: stores = [], isFetching } = useQuery(storeOptionsQuery(name));
  return { name, stores, isFetching, setSearch };
}

const optionOf = (s: StoreOption) => ({ value: s.id, label: `${s.name} (${s.meshId})` });

/** The store an analytics screen looks at, searched by name. */
export function StorePicker({ value, onChange }: StorePickerProps) {
  const { t } = useTranslation('analytics');
  const { stores, isFetching, setSearch } = useStoreSearch();

  return (
    <Select<number>
      showSearch={{ filterOption: false, onSearch: setSearch }}
      value={value}
      loading={isFetching}
      placeholder={t('shared.store.placeholder')}
      aria-label={t('shared.store.label')}
      notFoundContent={t('shared.store.none')}
      options={stores.map(optionOf)}
      onChange={(id) => onChange(id)}
      style={{ minWidth: 240 }}
      data-testid="store-picker"
    />
  );
}

export interface StoresPickerProps {
  /** The chosen stores' ids: one at most when `single`. Form.Item passes value, onChange and id. */
  value?: number[];
  onChange?: (storeIds: number[]) => void;
  id?: string;
  /** One store, in a plain select; several otherwise. */
  single?: boolean;
  /** Most stores that may be chosen. */
  max?: number;
  /** The stores chosen before, named: the search lists only its first 50, which may not hold them. */
  chosen?: readonly { id: number; name: string }[];
}

/** Stores chosen in a form (the stores of a report), searched by name. */
export function StoresPicker({ value = [], onChange, id, single = false, max, chosen = [] }: StoresPickerProps) {
  const { t } = useTranslation('analytics');
  const { name, stores, isFetching, setSearch } = useStoreSearch();
  // While searching, the select keeps the names of the stores already chosen itself.
  const earlier = name ? [] : chosen.filter((c) => !stores.some((s) => s.id === c.id)).map((c) => ({ value: c.id, label: c.name }));
  const shared = {
    id,
    showSearch: { filterOption: false, onSearch: setSearch },
    loading: isFetching,
    placeholder: t('shared.store.placeholder'),
    notFoundContent: t('shared.store.none'),
    options: [...stores.map(optionOf), ...earlier],
    style: { width: '100%' },
    'data-testid': 'stores-picker',
  };
  return single ? (
    <Select<number> {...shared} value={value[0]} onChange={(storeId) => onChange?.([storeId])} />
  ) : (
    <Select<number[]> {...shared} mode="multiple" maxCount={max} value={value} onChange={(storeIds) => onChange?.(storeIds)} />
  );
}
