import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import Select, { type SelectProps } from 'antd/es/select';
import { useTranslation } from 'react-i18next';
import { postOptionsQuery, roleOptionsQuery } from './api';

type MultiSelectProps = Omit<SelectProps<number[]>, 'options' | 'mode'>;
type Named = { id: number; name: string };

/** Several of the rows the server offers to grant, picked by name. */
function GrantSelect<Row extends Named, Key extends QueryKey>({ query, ...props }: MultiSelectProps & { query: UseQueryOptions<Row[], Error, Row[], Key> }) {
  const { data, isLoading } = useQuery(query);
  return (
    <Select<number[]>
      mode="multiple"
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={isLoading}
      options={(data ?? []).map((r) => ({ value: r.id, label: r.name }))}
      {...props}
    />
  );
}

/** The roles a staff member may be given (used by the staff form and the assign-roles dialog). */
export function RoleSelect(props: MultiSelectProps) {
  const { t } = useTranslation('system');
  return <GrantSelect query={roleOptionsQuery()} placeholder={t('user.pickRoles')} {...props} />;
}

export function PostSelect(props: MultiSelectProps) {
  const { t } = useTranslation('system');
  return <GrantSelect query={postOptionsQuery()} placeholder={t('user.pickPosts')} {...props} />;
}
