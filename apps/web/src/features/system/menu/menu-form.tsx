import { DictType, MenuCreate, type Menu, type MenuType } from '@lightdesk/contract';
import { useQuery } from '@tanstack/react-query';
import Col from 'antd/es/col';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Radio from 'antd/es/radio';
import Row from 'antd/es/row';
import Switch from 'antd/es/switch';
import TreeSelect from 'antd/es/tree-select';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListForm } from '../../../components/list-page';
import { useDictLabel } from '../../../components/use-dict';
import { FormDialog } from '../../../components/form-dialog';
import { useContractRules } from '../../../components/field-rules';
import { SortField, StatusField } from '../../../components/form-fields';
import { createMenu, menuParentsQuery, updateMenu, type MenuNode } from './api';
import { MenuIconPicker } from './menu-icon-picker';

type Values = MenuCreate;
type TypeField = 'path' | 'icon' | 'permission' | 'component' | 'componentName' | 'visible' | 'keepAlive' | 'alwaysShow';

/**
 * What each kind of entry uses: a directory composes paths and groups the sidebar,
 * a menu is a screen (its permission is the screen's query permission), a button is only a
 * permission code. Fields a kind does not use are saved empty, so changing the kind leaves nothing stale.
 */
export const FIELDS_OF: Record<MenuType, readonly TypeField[]> = {
  D: ['path', 'icon', 'visible', 'alwaysShow'],
  M: ['path', 'icon', 'permission', 'component', 'componentName', 'visible', 'keepAlive', 'alwaysShow'],
  B: ['permission'],
};

/** The contract's defaults for fields an entry does not use. */
const UNUSED: Pick<MenuCreate, TypeField> = {
  path: '',
  icon: '',
  permission: '',
  component: '',
  componentName: '',
  visible: true,
  keepAlive: true,
  alwaysShow: true,
};

const MENU_TYPES: readonly MenuType[] = ['D', 'M', 'B'];
const EXTERNAL = /^https?:\/\//;

/** The contract's body for this kind of entry: used fields trimmed, the others at their defaults. */
export function menuBody(v: Values): MenuCreate {
  const body: MenuCreate = { ...UNUSED, parentId: v.parentId, name: v.name.trim(), type: v.type, sort: v.sort ?? 0, status: v.status };
  for (const field of FIELDS_OF[v.type]) {
    const value = v[field];
    (body as Record<TypeField, unknown>)[field] = typeof value === 'string' ? value.trim() : value;
  }
  return body;
}

interface ParentOption {
  value: number;
  title: string;
  disabled?: boolean;
  children?: ParentOption[];
}
const toOptions = (nodes: readonly MenuNode[], exclude: number | undefined, inherited = false): ParentOption[] =>
  nodes.map((n) => {
    // An entry cannot move below itself (the server refuses the cycle too).
    const off = inherited || n.id === exclude;
    return { value: n.id, title: n.name, ...(off ? { disabled: true } : {}), ...(n.children ? { children: toOptions(n.children, exclude, off) } : {}) };
  });

/** Create, edit or "add child" of a menu entry; the fields follow the chosen kind (directory, menu, button). */
export const MenuForm: ListForm<MenuNode> = ({ row, defaults, onClose }) => {
  const { t } = useTranslation('system');
  const dictLabel = useDictLabel();
  const [form] = Form.useForm<Values>();
  const parents = useQuery(menuParentsQuery());
  const type = Form.useWatch('type', form) ?? row?.type ?? defaults?.type ?? 'D';
  const shows = (field: TypeField) => FIELDS_OF[type].includes(field);

  const parentOptions = useMemo(() => [{ value: 0, title: t('menu.form.root'), children: toOptions(parents.data ?? [], row?.id) }], [parents.data, row?.id, t]);

  const initialValues: Values = useMemo(() => {
    const source: Partial<Menu> = row ?? defaults ?? {};
    return {
      ...UNUSED,
      parentId: source.parentId ?? 0,
      name: source.name ?? '',
      type: source.type ?? 'D',
      sort: source.sort ?? 0,
      status: source.status ?? 0,
      ...(row ? Object.fromEntries(FIELDS_OF[row.type].map((f) => [f, row[f]])) : {}),
    };
  }, [row, defaults]);

  const save = (values: Values) => {
    const body = menuBody({ ...initialValues, ...values });
    return row ? updateMenu({ id: row.id, ...body }) : createMenu(body);
  };

  // What depends on the kind and the parent is the contract's check of the whole entry (MenuCreate's refinement).
  const pathRule = ({ getFieldValue }: { getFieldValue: (name: string) => unknown }) => ({
    validator: (_: unknown, value?: string) => {
      const path = value?.trim() ?? '';
      if (!path) return Promise.reject(new Error(t('menu.rule.path')));
      if (getFieldValue('parentId') === 0 && !path.startsWith('/') && !EXTERNAL.test(path)) return Promise.reject(new Error(t('menu.rule.topPath')));
      return Promise.resolve();
    },
  });
  const rules = useContractRules(MenuCreate);
  const half = { xs: 24, sm: 12 };
  const third = { xs: 24, sm: 8 };

  return (
    <FormDialog<Values>
      title={t(row ? 'menu.form.editTitle' : 'menu.form.createTitle')}
      form={form}
      initialValues={initialValues}
      onSave={save}
      onClose={onClose}
      savedText={t('menu.saved')}
      width={720}
      testId="menu-form"
    >
      <Row gutter={16}>
        <Col span={24}>
          <Form.Item name="parentId" label={t('menu.field.parent')}>
            <TreeSelect<number>
              treeData={parentOptions}
              treeDefaultExpandedKeys={[0]}
              loading={parents.isLoading}
              showSearch={{ treeNodeFilterProp: 'title' }}
              data-testid="menu-parent"
            />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="type" label={t('menu.field.type')}>
            <Radio.Group
              optionType="button"
              buttonStyle="solid"
              options={MENU_TYPES.map((v) => ({ value: v, label: dictLabel(DictType.menuType, v) }))}
              data-testid="menu-type"
            />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="name" label={t('menu.field.name')} rules={rules('name', t('menu.field.name'))}>
            <Input maxLength={50} data-testid="menu-name" />
          </Form.Item>
        </Col>
        <Col {...half}>
          <SortField label={t('common.sort')} testId="menu-sort" rules={rules('sort', t('common.sort'))} />
        </Col>
        {shows('path') && (
          <Col {...half}>
            <Form.Item
              name="path"
              label={t('menu.field.path')}
              tooltip={t('menu.form.pathHint')}
              dependencies={['parentId']}
              rules={[pathRule, ...rules('path', t('menu.field.path'))]}
            >
              <Input maxLength={200} placeholder={type === 'D' ? '/system' : 'user'} data-testid="menu-path" />
            </Form.Item>
          </Col>
        )}
        {shows('icon') && (
          <Col {...half}>
            <Form.Item name="icon" label={t('menu.field.icon')}>
              <MenuIconPicker />
            </Form.Item>
          </Col>
        )}
        {shows('component') && (
          <Col {...half}>
            <Form.Item
              name="component"
              label={t('menu.field.component')}
              tooltip={t('menu.form.componentHint')}
              rules={rules('component', t('menu.field.component'))}
            >
              <Input maxLength={200} placeholder="system/user/index" data-testid="menu-component" />
            </Form.Item>
          </Col>
        )}
        {shows('componentName') && (
          <Col {...half}>
            <Form.Item
              name="componentName"
              label={t('menu.field.componentName')}
              tooltip={t('menu.form.componentNameHint')}
              rules={rules('componentName', t('menu.field.componentName'))}
            >
              <Input maxLength={100} placeholder="SystemUser" data-testid="menu-component-name" />
            </Form.Item>
          </Col>
        )}
        {shows('permission') && (
          <Col {...half}>
            <Form.Item
              name="permission"
              label={t('menu.field.permission')}
              tooltip={t('menu.form.permissionHint')}
              rules={[
                ...(type === 'B' ? [{ required: true, whitespace: true, message: t('menu.rule.permission') }] : []),
                ...rules('permission', t('menu.field.permission')),
              ]}
            >
              <Input maxLength={100} placeholder="system:user:create" data-testid="menu-permission" />
            </Form.Item>
          </Col>
        )}
        <Col span={24}>
          <StatusField label={t('common.status')} tooltip={t('menu.form.statusHint')} />
        </Col>
        {shows('visible') && (
          <Col {...third}>
            <Form.Item name="visible" label={t('menu.field.visible')} tooltip={t('menu.form.visibleHint')} valuePropName="checked">
              <Switch data-testid="menu-visible" />
            </Form.Item>
          </Col>
        )}
        {shows('keepAlive') && (
          <Col {...third}>
            <Form.Item name="keepAlive" label={t('menu.field.keepAlive')} tooltip={t('menu.form.keepAliveHint')} valuePropName="checked">
              <Switch data-testid="menu-keep-alive" />
            </Form.Item>
          </Col>
        )}
        {shows('alwaysShow') && (
          <Col {...third}>
            <Form.Item name="alwaysShow" label={t('menu.field.alwaysShow')} tooltip={t('menu.form.alwaysShowHint')} valuePropName="checked">
              <Switch data-testid="menu-always-show" />
            </Form.Item>
          </Col>
        )}
      </Row>
    </FormDialog>
  );
};
