import { ResultCode, type Command, type CommandSend, type CommandStoreOption, type TargetKind } from '@lightdesk/contract';
import { useQuery } from '@tanstack/react-query';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import InputNumber from 'antd/es/input-number';
import Radio from 'antd/es/radio';
import Select from 'antd/es/select';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/http';
import { commandStoresQuery, commandTargetsQuery, sendCommand } from './api';

type Action = Command['action'];
const RANGES: Record<Exclude<Action, 'power'>, [number, number, number]> = {
  brightness: [0, 100, 1],
  colourTemperature: [2700, 6500, 100],
  scene: [0, 255, 1],
};
const DEFAULTS: Record<Action, Command['value']> = { power: 'on', brightness: 50, colourTemperature: 4000, scene: 0 };

/** Pick stores (no more than the cap), which of their luminaires, and the command; answers the sent command's id. */
export function CommandForm({ onSent }: { onSent: (id: number) => void }) {
  const { t } = useTranslation('device');
  const [keyword, setKeyword] = useState('');
  const [chosen, setChosen] = useState<CommandStoreOption[]>([]);
  const [capNotice, setCapNotice] = useState(false);
  const [targetKind, setTargetKind] = useState<TargetKind>('all');
  const [picked, setPicked] = useState<(number | string)[]>([]);
  const [action, setAction] = useState<Action>('power');
  const [value, setValue] = useState<Command['value']>('on');
  const [sending, setSending] = useState(false);
  const [refusal, setRefusal] = useState<string>();

  const picks = useQuery(commandStoresQuery(keyword));
  const maxStores = picks.data?.maxStores;
  const storeIds = chosen.map((s) => s.id);
  const targets = useQuery({ ...commandTargetsQuery(storeIds), enabled: storeIds.length > 0 && targetKind !== 'all' });
  const storeName = (id: number) => chosen.find((s) => s.id === id)?.name ?? '';

  const storeLabel = (s: CommandStoreOption) => `${s.name} (${s.meshId})`;
  const problemText = (s: CommandStoreOption) => (s.gatewayProblem ? t(`groupControl.reason.${s.gatewayProblem}`) : '');
  // A command would fail at once where no gateway can take it: such stores say why and cannot be chosen.
  const options = [...chosen, ...(picks.data?.stores ?? []).filter((s) => !storeIds.includes(s.id))].map((s) => ({
    value: s.id,
    label: s.gatewayProblem ? `${storeLabel(s)} · ${problemText(s)}` : storeLabel(s),
    disabled: s.gatewayProblem !== null && !storeIds.includes(s.id),
  }));
  // Chosen stores as the latest search saw them: a gateway may have gone offline since.
  const unreachable = chosen.map((s) => picks.data?.stores.find((p) => p.id === s.id) ?? s).filter((s) => s.gatewayProblem !== null);
  const chooseStores = (ids: number[]) => {
    if (maxStores !== undefined && ids.length > maxStores) {
      setCapNotice(true);
      return;
    }
    setCapNotice(false);
    const known = [...chosen, ...(picks.data?.stores ?? [])];
    setChosen(ids.map((id) => known.find((s) => s.id === id)!));
    setPicked([]);
  };

  const targetOptions =
    targetKind === 'groups'
      ? (targets.data?.groups ?? []).map((g) => ({ value: g.id, label: `${storeName(g.storeId)} · ${g.name} (${g.luminaireCount})` }))
      : (targets.data?.devices ?? []).map((d) => ({ value: d.uuid, label: `${storeName(d.storeId)} · ${d.name}` }));

  const canSend = chosen.length > 0 && unreachable.length === 0 && (targetKind === 'all' || picked.length > 0);
  const send = async () => {
    const target: CommandSend['target'] =
      targetKind === 'all'
        ? { kind: 'all' }
        : targetKind === 'groups'
          ? { kind: 'groups', groupIds: picked as number[] }
          : { kind: 'devices', uuids: picked as string[] };
    setSending(true);
    setRefusal(undefined);
    try {
      const sent = await sendCommand({ stores: storeIds, target, command: { action, value } as Command });
      onSent(sent.id);
    } catch (error) {
      // Other failures are shown by the HTTP client; a rule refusal (the store cap) is the screen's to tell.
      if (error instanceof ApiError && error.code === ResultCode.refusal) setRefusal(error.text);
    } finally {
      setSending(false);
    }
  };

  return (
    <Form layout="vertical" data-testid="command-form">
      <Form.Item
        label={t('groupControl.field.stores')}
        extra={maxStores !== undefined && t('groupControl.storeCap', { count: chosen.length, limit: maxStores })}
        validateStatus={capNotice ? 'warning' : undefined}
        help={capNotice ? t('groupControl.capReached', { limit: maxStores }) : undefined}
      >
        <Select<number[]>
          mode="multiple"
          showSearch
          filterOption={false}
          onSearch={setKeyword}
          value={storeIds}
          onChange={chooseStores}
          options={options}
          loading={picks.isFetching}
          placeholder={t('groupControl.storesPlaceholder')}
          aria-label={t('groupControl.field.stores')}
          data-testid="command-stores"
        />
      </Form.Item>
      <Form.Item label={t('groupControl.field.target')}>
        <Radio.Group
          value={targetKind}
          onChange={(e) => {
            setTargetKind(e.target.value as TargetKind);
            setPicked([]);
          }}
          optionType="button"
          options={(['all', 'groups', 'devices'] as const).map((k) => ({ value: k, label: t(`groupControl.target.${k}`) }))}
        />
        {targetKind !== 'all' && (
          <Select<(number | string)[]>
            style={{ marginTop: 8 }}
            mode="multiple"
            optionFilterProp="label"
            value={picked}
            onChange={setPicked}
            options={targetOptions}
            loading={targets.isFetching}
            disabled={chosen.length === 0}
            aria-label={t(`groupControl.target.${targetKind}`)}
            data-testid="command-targets"
          />
        )}
      </Form.Item>
      <Form.Item label={t('groupControl.field.command')}>
        <Radio.Group
          value={action}
          onChange={(e) => {
            const next = e.target.value as Action;
            setAction(next);
            setValue(DEFAULTS[next]);
          }}
          options={(['power', 'brightness', 'colourTemperature', 'scene'] as const).map((a) => ({ value: a, label: t(`groupControl.action.${a}`) }))}
        />
        <div style={{ marginTop: 8 }}>
          {action === 'power' ? (
            <Radio.Group
              value={value}
              onChange={(e) => setValue(e.target.value as 'on' | 'off')}
              optionType="button"
              options={(['on', 'off'] as const).map((v) => ({ value: v, label: t(`groupControl.power.${v}`) }))}
            />
          ) : (
            <InputNumber
              min={RANGES[action][0]}
              max={RANGES[action][1]}
              step={RANGES[action][2]}
              precision={0}
              value={value as number}
              onChange={(v) => setValue(v ?? DEFAULTS[action])}
              addonAfter={t(`groupControl.unit.${action}`)}
              aria-label={t(`groupControl.action.${action}`)}
            />
          )}
        </div>
      </Form.Item>
      {unreachable.length > 0 && (
        <Alert
          type="warning"
          showIcon
          title={t('groupControl.unreachable')}
          description={
            <ul style={{ margin: 0, paddingInlineStart: 20 }}>
              {unreachable.map((s) => (
                <li key={s.id}>
                  {storeLabel(s)}: {problemText(s)}
                </li>
              ))}
            </ul>
          }
          style={{ marginBottom: 16 }}
          data-testid="command-unreachable"
        />
      )}
      {refusal && <Alert type="error" showIcon title={refusal} style={{ marginBottom: 16 }} />}
      <Button type="primary" disabled={!canSend} loading={sending} onClick={() => void send()} data-testid="command-send">
        {t('groupControl.send')}
      </Button>
    </Form>
  );
}
