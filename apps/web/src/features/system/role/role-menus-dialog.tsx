import { DictType, type Role } from '@lightdesk/contract';
import { useQuery } from '@tanstack/react-query';
import Checkbox from 'antd/es/checkbox';
import Modal from 'antd/es/modal';
import Space from 'antd/es/space';
import Spin from 'antd/es/spin';
import Tag from 'antd/es/tag';
import Tree from 'antd/es/tree';
import Typography from 'antd/es/typography';
import { useMemo, useState, type Key } from 'react';
import { useTranslation } from 'react-i18next';
import { useDictLabel } from '../../../components/use-dict';
import { notify } from '../../../lib/notify';
import { menuEntryTitle } from '../shared/menu-title';
import { assignRoleMenus, menuOptionsQuery, roleMenuIdsQuery } from './api';
import { allKeys, checksFor, grantsOf, leafKeys, menuTree, parentKeys, relink, type MenuTreeNode } from './menu-grants';

const TYPE_COLOUR = { D: 'blue', M: 'green', B: 'default' } as const;

interface Checks {
  linked: boolean;
  checked: number[];
  halfChecked: number[];
}

/** The menus and buttons a role grants, picked from the whole menu tree. */
export function RoleMenusDialog({ role, onClose }: { role: Role; onClose: () => void }) {
  // system first (the dialog's own strings and button titles); menu for the entries' titles.
  const { t } = useTranslation(['system', 'menu']);
  const dictLabel = useDictLabel();
  const menus = useQuery(menuOptionsQuery());
  const granted = useQuery(roleMenuIdsQuery(role.id));
  const tree = useMemo(() => menuTree(menus.data ?? [], (m) => menuEntryTitle(t, m)), [menus.data, t]);
  const ready = menus.isSuccess && granted.isSuccess;
  // Until someone clicks, the tree shows the role's grants as loaded.
  const [edited, setEdited] = useState<Checks>();
  const [expanded, setExpanded] = useState<Key[]>();
  const [busy, setBusy] = useState(false);

  const loaded = useMemo<Checks>(() => ({ ...checksFor(tree, granted.data ?? []), halfChecked: [] }), [tree, granted.data]);
  const checks = edited ?? loaded;
  const everything = useMemo(() => allKeys(tree), [tree]);
  const leaves = useMemo(() => leafKeys(tree), [tree]);
  // A linked tree is all checked when its leaves are; an unlinked one when every entry is.
  const on = new Set(checks.checked);
  const allChecked = ready && everything.length > 0 && (checks.linked ? leaves : everything).every((k) => on.has(k));

  const save = async () => {
    setBusy(true);
    try {
      await assignRoleMenus({ roleId: role.id, menuIds: grantsOf(checks.checked, checks.halfChecked, checks.linked) });
      notify.success(t('common.saved'));
      onClose();
    } catch {
      // The HTTP client has shown why.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={t('role.assignMenus')}
      width={560}
      mask={{ closable: false }}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: !ready }}
      confirmLoading={busy}
      onOk={() => void save()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('role.menusFor', { name: `${role.name} (${role.code})` })}</Typography.Paragraph>
      <Space wrap style={{ marginBottom: 8 }}>
        <Checkbox checked={expanded === undefined || expanded.length > 0} onChange={(e) => setExpanded(e.target.checked ? parentKeys(tree) : [])}>
          {t('role.expandAll')}
        </Checkbox>
        <Checkbox
          checked={allChecked}
          onChange={(e) => setEdited({ ...checks, checked: e.target.checked ? everything : [], halfChecked: [] })}
          data-testid="menus-select-all"
        >
          {t('role.selectAll')}
        </Checkbox>
        <Checkbox
          checked={checks.linked}
          onChange={(e) =>
            setEdited({ linked: e.target.checked, checked: relink(tree, checks.checked, checks.halfChecked, e.target.checked), halfChecked: [] })
          }
          data-testid="menus-linked"
        >
          {t('role.linked')}
        </Checkbox>
      </Space>
      <div
        className="people-menu-tree"
        style={{ maxHeight: '55vh', overflow: 'auto', border: '1px solid rgba(5, 5, 5, 0.06)', borderRadius: 8, padding: 8 }}
        data-testid="role-menu-tree"
      >
        {ready ? (
          <Tree<MenuTreeNode>
            checkable
            selectable={false}
            checkStrictly={!checks.linked}
            treeData={tree}
            expandedKeys={expanded ?? parentKeys(tree)}
            onExpand={(keys) => setExpanded(keys)}
            checkedKeys={checks.linked ? checks.checked : { checked: checks.checked, halfChecked: [] }}
            onCheck={(keys, info) => {
              const checked = (Array.isArray(keys) ? keys : keys.checked).map(Number);
              setEdited({ linked: checks.linked, checked, halfChecked: (info.halfCheckedKeys ?? []).map(Number) });
            }}
            titleRender={(node) => (
              <span data-menu-title={node.title}>
                {node.title}{' '}
                <Tag color={TYPE_COLOUR[node.type]} style={{ marginInlineStart: 4 }}>
                  {dictLabel(DictType.menuType, node.type)}
                </Tag>
              </span>
            )}
          />
        ) : (
          <div style={{ display: 'flex', justifyContent: 'center', padding: 32 }}>
            <Spin />
          </div>
        )}
      </div>
    </Modal>
  );
}
