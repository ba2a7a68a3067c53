import type { StoreRole } from '@lightdesk/contract';
import Tag from 'antd/es/tag';
import { useTranslation } from 'react-i18next';

/** A person's role in a store: the admin stands out, members are plain. */
export function StoreRoleTag({ role }: { role: StoreRole }) {
  const { t } = useTranslation('store');
  return <Tag color={role === 'admin' ? 'gold' : 'default'}>{t(`role.${role}`)}</Tag>;
}
