import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/form-dialog';
import { RemarkField, StatusField } from '../../components/form-fields';
import { GalleryPage, StateGrid, sampleAnswer, type DataState } from './states';

interface SampleForm {
  name: string;
  status: number;
  remark: string;
}

const FILLED: SampleForm = { name: 'Rivoli', status: 0, remark: 'Flagship store' };

/** The dialog of every create and edit form, in one state; the error state is a save the sample refuses. */
function SampleDialog({ state, onClose }: { state: DataState; onClose: () => void }) {
  const { t } = useTranslation('gallery');
  const [form] = Form.useForm<SampleForm>();
  // The error state opens with its fields checked, so the messages show at once.
  useEffect(() => {
    if (state === 'error') void form.validateFields().catch(() => undefined);
  }, [state, form]);
  return (
    <FormDialog
      title={t('forms.dialog')}
      form={form}
      initialValues={state === 'data' ? FILLED : undefined}
      loading={state === 'loading'}
      onSave={() => sampleAnswer(state === 'error' ? 'error' : 'data', true, true)}
      onClose={onClose}
      testId="gallery-dialog"
    >
      <Form.Item name="name" label={t('field.name')} rules={[{ required: true, message: t('forms.required') }]}>
        <Input maxLength={30} />
      </Form.Item>
      <StatusField label={t('field.status')} />
      <RemarkField label={t('field.remark')} />
    </FormDialog>
  );
}

/** Test page 2: the form dialog empty, waiting for its row, with field errors and filled. */
export function FormsGalleryPage() {
  const { t } = useTranslation('gallery');
  const [open, setOpen] = useState<DataState>();
  return (
    <GalleryPage intro={t('forms.intro')}>
      <StateGrid
        title={t('forms.title')}
        render={(state) => (
          <Button onClick={() => setOpen(state)} data-testid={`open-dialog-${state}`}>
            {t('forms.open')}
          </Button>
        )}
      />
      {open && <SampleDialog state={open} onClose={() => setOpen(undefined)} />}
    </GalleryPage>
  );
}
