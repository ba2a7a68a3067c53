import { DataScope, DictType, RoleAssignDataScope, type Role } from '@lightdesk/contract';
import { useQuery } from '@tanstack/react-query';
import Form from 'antd/es/form';
import Tree from 'antd/es/tree';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { useDeptOptions, type DeptOption } from '../shared/dept-tree';
import { DictRadio } from '../../../components/dict-radio';
import { FormDialog } from '../../../components/form-dialog';
import { useContractRules } from '../../../components/field-rules';
import { assignRoleDataScope, roleCache, roleDetailQuery } from './api';

interface Values {
  dataScope: number;
  deptIds: number[];
}

/** Which departments' data the role's holders see; custom departments are picked one by one. */
export function RoleDataScopeDialog({ role, onClose }: { role: Role; onClose: (saved: boolean) => void }) {
  const { t } = useTranslation('system');
  const [form] = Form.useForm<Values>();
  const rules = useContractRules(RoleAssignDataScope);
  const detail = useQuery(roleDetailQuery(role.id));
  const depts = useDeptOptions();
  const scope = Form.useWatch('dataScope', form);

  return (
    <FormDialog<Values>
      title={t('role.dataScope')}
      form={form}
      testId="data-scope-form"
      loading={detail.isLoading}
      initialValues={{ dataScope: detail.data?.dataScope ?? DataScope.all, deptIds: detail.data?.deptIds ?? [] }}
      onSave={({ dataScope, deptIds }) => assignRoleDataScope({ roleId: role.id, dataScope, deptIds: dataScope === DataScope.customDepts ? deptIds : [] })}
      onClose={onClose}
      // The role list shows each role's data scope.
      changes={roleCache}
    >
      <Typography.Paragraph type="secondary">{t('role.scopeFor', { name: `${role.name} (${role.code})` })}</Typography.Paragraph>
      <Form.Item name="dataScope" label={t('role.dataScope')} rules={rules('dataScope', t('role.dataScope'), { choice: true })}>
        <DictRadio type={DictType.dataScope} style={{ display: 'flex', flexDirection: 'column', gap: 8 }} />
      </Form.Item>
      {scope === DataScope.customDepts && (
        <Form.Item
          name="deptIds"
          label={t('role.scopeDepts')}
          valuePropName="checkedKeys"
          trigger="onCheck"
          // Each department is chosen on its own: a parent does not bring its sub-departments.
          getValueFromEvent={(keys: number[] | { checked: number[] }) => (Array.isArray(keys) ? keys : keys.checked)}
          rules={[{ required: true, type: 'array', min: 1, message: t('role.pickDepts') }]}
        >
          <Tree<DeptOption>
            checkable
            checkStrictly
            selectable={false}
            defaultExpandAll
            treeData={depts.options}
            style={{ maxHeight: 300, overflow: 'auto', border: '1px solid rgba(5, 5, 5, 0.06)', borderRadius: 8, padding: 8 }}
          />
        </Form.Item>
      )}
    </FormDialog>
  );
}
