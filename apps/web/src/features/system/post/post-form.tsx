import type { Post, PostCreate } from '@lightdesk/contract';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { useTranslation } from 'react-i18next';
import type { ListForm } from '../../../components/list-page';
import { FormDialog } from '../../../components/form-dialog';
import { useFieldRules, RemarkField, SortField, StatusField } from '../../../components/form-fields';
import { createPost, updatePost } from './api';

const CODE = /^[A-Za-z0-9_.-]+$/;

/** Create or edit a post (a job title staff hold, e.g. "store technician"). */
export const PostForm: ListForm<Post> = ({ row, onClose }) => {
  const { t } = useTranslation('system');
  const [form] = Form.useForm<PostCreate>();
  const { required, requiredValue } = useFieldRules();
  return (
    <FormDialog<PostCreate>
      title={t(row ? 'post.edit' : 'post.create')}
      form={form}
      testId="post-form"
      initialValues={row ?? { sort: 0, status: 0, remark: '' }}
      onSave={(values) => (row ? updatePost({ ...values, id: row.id }) : createPost(values))}
      onClose={onClose}
    >
      <Form.Item name="name" label={t('post.name')} rules={[required(t('post.name')), { max: 64 }]}>
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item name="code" label={t('post.code')} extra={t('form.codeHint')} rules={[required(t('post.code')), { pattern: CODE, message: t('form.code') }]}>
        <Input maxLength={64} />
      </Form.Item>
      <SortField label={t('common.sort')} rules={[requiredValue(t('common.sort'))]} />
      <StatusField label={t('common.status')} />
      <RemarkField label={t('common.remark')} />
    </FormDialog>
  );
};
