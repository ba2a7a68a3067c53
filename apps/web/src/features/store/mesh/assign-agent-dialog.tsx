import type { Store } from '@lightdesk/contract';
import Form from 'antd/es/form';
import Radio from 'antd/es/radio';
import { useTranslation } from 'react-i18next';
import { AgentSelect } from '../../../components/agent-select';
import { FormDialog } from '../../../components/form-dialog';
import { getTenantId } from '../../../lib/auth-token';
import { assignStoreToAgent, storeCache } from './api';

interface Values {
  owner: 'platform' | 'agent';
  agentId?: number;
}

/**
 * Hands a store to an agent, whose staff see it from then on, or back to the platform. Only
 * platform staff assign, so the platform's tenant is the signed-in person's own.
 */
export function AssignAgentDialog({ store, onClose }: { store: Store; onClose: () => void }) {
  const { t } = useTranslation('store');
  const [form] = Form.useForm<Values>();
  const platformId = getTenantId();
  const owner = Form.useWatch('owner', form);
  const onPlatform = store.tenantId === platformId;
  return (
    <FormDialog<Values>
      title={t('mesh.assign.title', { name: store.meshName })}
      form={form}
      testId="assign-agent-form"
      width={480}
      changes={storeCache}
      initialValues={onPlatform ? { owner: 'platform' } : { owner: 'agent', agentId: store.tenantId }}
      onSave={({ owner: to, agentId }) => assignStoreToAgent({ id: store.id, tenantId: to === 'agent' && agentId ? agentId : platformId! })}
      onClose={onClose}
    >
      <p>{t('mesh.assign.explain')}</p>
      <Form.Item name="owner" label={t('mesh.assign.owner')}>
        <Radio.Group
          options={[
            { value: 'platform', label: t('mesh.assign.platform') },
            { value: 'agent', label: t('mesh.assign.agent') },
          ]}
        />
      </Form.Item>
      {owner === 'agent' && (
        <Form.Item name="agentId" label={t('mesh.field.agent')} rules={[{ required: true, message: t('mesh.assign.pickAgent') }]}>
          <AgentSelect placeholder={t('mesh.assign.pickAgent')} testId="assign-agent-select" />
        </Form.Item>
      )}
    </FormDialog>
  );
}
