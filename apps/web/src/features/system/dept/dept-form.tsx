import { DeptCreate } from '@lightdesk/contract';
import { useQuery } from '@tanstack/react-query';
import Col from 'antd/es/col';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Row from 'antd/es/row';
import Select from 'antd/es/select';
import { useTranslation } from 'react-i18next';
import type { ListForm } from '../../../components/list-page';
import { DeptTreeSelect } from '../shared/dept-tree';
import { FormDialog } from '../../../components/form-dialog';
import { useContractRules } from '../../../components/field-rules';
import { SortField, StatusField } from '../../../components/form-fields';
import { createDept, leaderOptionsQuery, updateDept, type DeptNode } from './api';

/** The form's parent is empty for a top-level department; the contract's root is 0. */
type Values = Omit<DeptCreate, 'parentId'> & { parentId?: number };

/** Create (at the top or under a parent) or edit a department; a department cannot move under its own branch. */
export const DeptForm: ListForm<DeptNode> = ({ row, defaults, onClose }) => {
  const { t } = useTranslation('system');
  const [form] = Form.useForm<Values>();
  const leaders = useQuery(leaderOptionsQuery());
  const start = row ?? { sort: 0, status: 0, leaderUserId: null, phone: '', email: '', ...defaults };
  const rules = useContractRules(DeptCreate);

  return (
    <FormDialog<Values>
      title={t(row ? 'dept.edit' : 'dept.create')}
      form={form}
      testId="dept-form"
      width={640}
      initialValues={{ ...start, parentId: start.parentId || undefined }}
      onSave={({ parentId, ...values }) => {
        const body = { ...values, parentId: parentId ?? 0, leaderUserId: values.leaderUserId ?? null };
        return row ? updateDept({ ...body, id: row.id }) : createDept(body);
      }}
      onClose={onClose}
    >
      <Form.Item name="parentId" label={t('dept.parent')}>
        <DeptTreeSelect exclude={row?.id} placeholder={t('dept.topLevel')} style={{ width: '100%' }} />
      </Form.Item>
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item name="name" label={t('dept.name')} rules={rules('name', t('dept.name'))}>
            <Input maxLength={64} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <SortField label={t('common.sort')} rules={rules('sort', t('common.sort'))} />
        </Col>
        <Col span={12}>
          <Form.Item name="leaderUserId" label={t('dept.leader')}>
            <Select<number>
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              loading={leaders.isLoading}
              placeholder={t('dept.pickLeader')}
              options={(leaders.data ?? []).map((s) => ({ value: s.id, label: s.nickname }))}
            />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="phone" label={t('dept.phone')} rules={rules('phone', t('dept.phone'))}>
            <Input maxLength={30} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="email" label={t('common.email')} rules={rules('email', t('common.email'))}>
            <Input maxLength={100} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <StatusField label={t('common.status')} />
        </Col>
      </Row>
    </FormDialog>
  );
};
