import { DictType } from '@lightdesk/contract';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useDictLabel } from './use-dict';

/** A device model as people read it: its label in the firmware type dictionary (the firmware types are the models), else the code. */
export function useDeviceModelLabel(): (model: string) => string {
  const dictLabel = useDictLabel();
  return useCallback((model) => dictLabel(DictType.firmwareType, model), [dictLabel]);
}

/** A device's kind and model as people read them, "Luminaire · Spotlight"; a kind the console does not know shows its code. */
export function useDeviceTypeLabel(): (kind: string, model: string) => string {
  const { t } = useTranslation('components');
  const modelLabel = useDeviceModelLabel();
  return useCallback(
    (kind, model) => t('deviceKind.type', { kind: t(`deviceKind.${kind}`, { defaultValue: kind }), model: modelLabel(model) }),
    [t, modelLabel],
  );
}
