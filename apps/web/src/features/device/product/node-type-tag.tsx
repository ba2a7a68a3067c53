import type { NodeType } from '@lightdesk/contract';
import Tag from 'antd/es/tag';
import { useTranslation } from 'react-i18next';

const COLOURS: Record<NodeType, string> = { direct: 'blue', gateway: 'purple', 'sub-device': 'cyan' };

/** How a product's devices connect: on their own, as a gateway, or behind one. */
export function NodeTypeTag({ value }: { value: NodeType }) {
  const { t } = useTranslation('device');
  return <Tag color={COLOURS[value]}>{t(`product.nodeType.${value}`)}</Tag>;
}
