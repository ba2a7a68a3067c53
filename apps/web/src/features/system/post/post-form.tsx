import { PostCreate, type Post } from '@lightdesk/contract';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { useTranslation } from 'react-i18next';
import type { ListForm } from '../../../components/list-page';
import { FormDialog } from '../../../components/form-dialog';
import { useContractRules } from '../../../components/field-rules';
import { RemarkField, SortField, StatusField } from '../../../components/form-fields';
import { createPost, updatePost } from './api';

/** Create or edit a post (a job title staff hold, e.g. "store technician"). */
export const PostForm: ListForm<Post> = ({ row, onClose }) => {
  const { t } = useTranslation('system');
  const [form] = Form.useForm<PostCreate>();
  const rules = useContractRules(PostCreate);
  return (
    <FormDialog<PostCreate>
      title={t(row ? 'post.edit' : 'post.create')}
      form={form}
      testId="post-form"
      initialValues={row ?? { sort: 0, status: 0, remark: '' }}
      onSave={(values) => (row ? updatePost({ ...values, id: row.id }) : createPost(values))}
      onClose={onClose}
    >
      <Form.Item name="name" label={t('post.name')} rules={rules('name', t('post.name'))}>
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item name="code" label={t('post.code')} extra={t('form.codeHint')} rules={rules('code', t('post.code'))}>
        <Input maxLength={64} />
      </Form.Item>
      <SortField label={t('common.sort')} rules={rules('sort', t('common.sort'))} />
      <StatusField label={t('common.status')} />
      <RemarkField label={t('common.remark')} rules={rules('remark', t('common.remark'))} />
    </FormDialog>
  );
};
