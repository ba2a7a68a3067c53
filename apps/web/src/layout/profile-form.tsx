import { DictType, ProfileUpdate, type Profile } from '@lightdesk/contract';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { useTranslation } from 'react-i18next';
import { DictRadio } from '../components/dict-radio';
import { FormDialog } from '../components/form-dialog';
import { useContractRules } from '../components/field-rules';
import { useSession } from '../lib/session';
import { profileCache, updateProfile } from './profile-api';

export interface ProfileFormProps {
  profile: Profile;
  onClose: () => void;
}

/** My own details: the staff form's fields a person may change about themselves, under the same rules. */
export function ProfileForm({ profile, onClose }: ProfileFormProps) {
  const { t } = useTranslation('profile');
  const [form] = Form.useForm<ProfileUpdate>();
  const rules = useContractRules(ProfileUpdate);
  const { nickname, email, mobile, sex } = profile;

  const save = async (values: ProfileUpdate) => {
    await updateProfile(values);
    // The navbar shows the name from the session.
    useSession.getState().updateUser({ nickname: values.nickname });
  };

  return (
    <FormDialog<ProfileUpdate>
      title={t('edit.title')}
      form={form}
      testId="profile-form"
      initialValues={{ nickname, email, mobile, sex }}
      changes={profileCache}
      onSave={save}
      onClose={onClose}
    >
      <Form.Item name="nickname" label={t('page.nickname')} rules={rules('nickname', t('page.nickname'))}>
        <Input maxLength={30} autoComplete="nickname" data-testid="profile-nickname" />
      </Form.Item>
      <Form.Item name="email" label={t('page.email')} rules={rules('email', t('page.email'))}>
        <Input maxLength={100} type="email" autoComplete="email" data-testid="profile-email" />
      </Form.Item>
      <Form.Item name="mobile" label={t('page.mobile')} extra={t('edit.mobileHint')} rules={rules('mobile', t('page.mobile'))}>
        <Input maxLength={16} type="tel" autoComplete="tel" data-testid="profile-mobile" />
      </Form.Item>
      <Form.Item name="sex" label={t('page.sex')}>
        <DictRadio type={DictType.userSex} />
      </Form.Item>
    </FormDialog>
  );
}
