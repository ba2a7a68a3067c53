import { useQuery } from '@tanstack/react-query';
import Select from 'antd/es/select';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { appUserSearchQuery } from './api';

export interface AppUserSelectProps {
  id?: string;
  value?: number;
  onChange?: (value: number | undefined) => void;
}

/** Picks one app user by e-mail, searched on the server (the user centre's list, so agents find their stores' people). */
export function AppUserSelect({ id, value, onChange }: AppUserSelectProps) {
  const { t } = useTranslation('store');
  const [search, setSearch] = useState('');
  const email = useDeferredValue(search.trim());
  const people = useQuery({ ...appUserSearchQuery(email), staleTime: 30_000 });
  return (
    <Select<number>
      id={id}
      value={value}
      onChange={(next) => onChange?.(next)}
      placeholder={t('advanced.pickUser')}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      loading={people.isFetching}
      options={(people.data?.list ?? []).map((u) => ({ value: u.id, label: u.nickname ? `${u.email || u.mobile} (${u.nickname})` : u.email || u.mobile }))}
      notFoundContent={people.isFetching ? null : undefined}
      data-testid="advanced-user"
    />
  );
}
