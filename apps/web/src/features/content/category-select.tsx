import { useQuery } from '@tanstack/react-query';
import Select from 'antd/es/select';
import { contentPageQuery } from './api';

/** The help categories, by title (a help section has a few dozen at most, so the first hundred are all of them). */
export const categoriesQuery = () => contentPageQuery('help-category')({ page: 1, limit: 100 });

/** The help category a question is filed under (the question form's field and the questions' filter). */
export function CategorySelect(props: { value?: number; onChange?: (value: number) => void; id?: string; allowClear?: boolean; placeholder?: string }) {
  const { data } = useQuery(categoriesQuery());
  return (
    <Select
      {...props}
      style={{ minWidth: 200 }}
      options={data?.list.map((c) => ({ value: c.id, label: c.title }))}
      loading={!data}
      data-testid="content-category"
    />
  );
}

/** A question's category title in the list. */
export function CategoryName({ id }: { id: number | null }) {
  const { data } = useQuery(categoriesQuery());
  return <>{data?.list.find((c) => c.id === id)?.title ?? ''}</>;
}
