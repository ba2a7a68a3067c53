import { DictType, StaffCreate, type Staff } from '@lightdesk/contract';
import { useQuery } from '@tanstack/react-query';
import Col from 'antd/es/col';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Row from 'antd/es/row';
import { useTranslation } from 'react-i18next';
import type { ListForm } from '../../../components/list-page';
import { DeptTreeSelect } from '../shared/dept-tree';
import { DictRadio } from '../../../components/dict-radio';
import { FormDialog } from '../../../components/form-dialog';
import { useContractRules } from '../../../components/field-rules';
import { RemarkField, StatusField } from '../../../components/form-fields';
import { createStaff, staffDetailQuery, updateStaff } from './api';
import { PostSelect, RoleSelect } from './grant-selects';

/** The form's department is empty for none; the contract says null. */
type Values = Omit<StaffCreate, 'deptId'> & { deptId?: number };

const NEW_STAFF: Partial<Values> = { sex: 0, status: 0, email: '', mobile: '', remark: '', postIds: [], roleIds: [] };

/**
 * Create or edit a staff member. The username (the sign-in identity) is set once, and the
 * password only on creation: afterwards it has its own reset action (contract StaffUpdate).
 */
export const UserForm: ListForm<Staff> = ({ row, onClose }) => {
  const { t } = useTranslation('system');
  const [form] = Form.useForm<Values>();
  const detail = useQuery({ ...staffDetailQuery(row?.id ?? 0), enabled: row !== undefined });
  const editing = row !== undefined;
  const rules = useContractRules(StaffCreate);

  const initialValues: Partial<Values> = detail.data
    ? { ...detail.data, deptId: detail.data.deptId ?? undefined, postIds: detail.data.postIds, roleIds: detail.data.roleIds }
    : NEW_STAFF;

  return (
    <FormDialog<Values>
      title={t(editing ? 'user.edit' : 'user.create')}
      form={form}
      testId="user-form"
      width={720}
      loading={editing && detail.isLoading}
      initialValues={initialValues}
      onSave={({ username, password, deptId, ...values }) => {
        const body = { ...values, deptId: deptId ?? null };
        return editing ? updateStaff({ ...body, id: row.id }) : createStaff({ ...body, username, password });
      }}
      onClose={onClose}
    >
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item name="nickname" label={t('user.nickname')} rules={rules('nickname', t('user.nickname'))}>
            <Input maxLength={30} data-testid="user-nickname" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="deptId" label={t('user.dept')}>
            <DeptTreeSelect style={{ width: '100%' }} data-testid="user-dept" />
          </Form.Item>
        </Col>
        {!editing && (
          <>
            <Col span={12}>
              <Form.Item name="username" label={t('user.username')} rules={rules('username', t('user.username'))}>
                <Input maxLength={30} autoComplete="off" data-testid="user-username" />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="password" label={t('user.password')} rules={rules('password', t('user.password'))}>
                <Input.Password maxLength={64} autoComplete="new-password" data-testid="user-password" />
              </Form.Item>
            </Col>
          </>
        )}
        <Col span={12}>
          <Form.Item name="mobile" label={t('user.mobile')} rules={rules('mobile', t('user.mobile'))}>
            <Input maxLength={16} data-testid="user-mobile" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="email" label={t('common.email')} rules={rules('email', t('common.email'))}>
            <Input maxLength={100} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="postIds" label={t('user.posts')}>
            <PostSelect />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="roleIds" label={t('user.roles')}>
            <RoleSelect data-testid="user-roles" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="sex" label={t('user.sex')}>
            <DictRadio type={DictType.userSex} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <StatusField label={t('common.status')} />
        </Col>
        <Col span={24}>
          <RemarkField label={t('common.remark')} rules={rules('remark', t('common.remark'))} />
        </Col>
      </Row>
    </FormDialog>
  );
};
