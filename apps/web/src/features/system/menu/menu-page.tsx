import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { DictType } from '@lightdesk/contract';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { col, dateCol, dictCol } from '../../../components/list-columns';
import { dictFilter, textFilter } from '../../../components/list-filters';
import { ListPage, type ListHandle } from '../../../components/list-page';
import { MenuIcon } from '../../../components/menu-icons';
import { usePermission } from '../../../lib/permission';
import { deleteMenu, menuTreeQuery, type MenuNode, menuCache } from './api';
import { MenuForm } from './menu-form';

const code = (value: string) => (value ? <Typography.Text code>{value}</Typography.Text> : null);

/**
 * Menus: the one menu tree of the platform — directories, screens and buttons. The
 * server lists it flat; the table shows it nested, its top level first (a couple of hundred
 * entries drawn at once took seconds), opened by a click, "expand all" or a search. Users load
 * their menu at sign-in, so a change reaches them then (or when their menu reloads), which the
 * page says up front.
 */
export function MenuPage() {
  const { t } = useTranslation('system');
  const { hasPermi } = usePermission();
  const canCreate = hasPermi('system:menu:create');

  const columns = useMemo(
    () => [
      col<MenuNode>('name', t('menu.field.name'), {
        sortable: true,
        render: (name: string, row: MenuNode) => (
          <Space size={6}>
            <MenuIcon name={row.icon} />
            {name}
            {!row.visible && row.type !== 'B' && <Tag>{t('menu.hidden')}</Tag>}
          </Space>
        ),
      }),
      dictCol<MenuNode>('type', t('menu.field.type'), DictType.menuType),
      dictCol<MenuNode>('status', t('common.status'), DictType.commonStatus),
      col<MenuNode>('permission', t('menu.field.permission'), { render: code }),
      col<MenuNode>('path', t('menu.field.path')),
      col<MenuNode>('sort', t('common.sort'), { sortable: true, width: 80 }),
      col<MenuNode>('component', t('menu.field.component'), { render: code }),
      dateCol<MenuNode>('createdAt', t('common.createdAt')),
    ],
    [t],
  );

  // Only directories and screens hold children; a screen's children are its buttons.
  const addChild = (row: MenuNode, list: ListHandle<MenuNode>) =>
    row.type === 'B' ? null : (
      <Button
        type="link"
        size="small"
        icon={<PlusOutlined />}
        onClick={() => list.create({ parentId: row.id, type: row.type === 'D' ? 'M' : 'B' })}
        data-testid="menu-add-child"
      >
        {t('menu.addChild')}
      </Button>
    );

  return (
    <>
      <Alert type="info" showIcon title={t('menu.notice')} style={{ marginBottom: 16 }} data-testid="menu-notice" />
      <ListPage
        query={menuTreeQuery}
        cache={menuCache}
        columns={columns}
        tree="collapsed"
        filters={[textFilter('name', t('menu.field.name')), dictFilter('status', t('common.status'), DictType.commonStatus)]}
        rowActions={canCreate ? addChild : undefined}
        actions={{
          create: { permission: 'system:menu:create', form: MenuForm },
          edit: { permission: 'system:menu:update', form: MenuForm },
          remove: { permission: 'system:menu:delete', run: (row) => deleteMenu(row.id), describe: (row) => row.name },
        }}
      />
    </>
  );
}
