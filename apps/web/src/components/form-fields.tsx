import { DictType } from '@lightdesk/contract';
import Form, { type FormItemProps } from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import { DictRadio } from './dict-radio';

/**
 * The fields many forms end with. Each form gives the label from its own area's namespace.
 */
type FieldProps = Omit<FormItemProps, 'name' | 'children'> & { label: string };

/** The display order, a whole number from 0 to 9999 (the contract's Sort). */
export function SortField({ testId, ...item }: FieldProps & { testId?: string }) {
  return (
    <Form.Item name="sort" {...item}>
      <InputNumber min={0} max={9999} precision={0} style={{ width: '100%' }} data-testid={testId} />
    </Form.Item>
  );
}

/** Enabled or disabled (common_status). */
export function StatusField(item: FieldProps) {
  return (
    <Form.Item name="status" {...item}>
      <DictRadio type={DictType.commonStatus} />
    </Form.Item>
  );
}

/** Free notes, at most 500 characters (the contract's Remark). */
export function RemarkField({ rows = 3, showCount = true, ...item }: FieldProps & { rows?: number; showCount?: boolean }) {
  return (
    <Form.Item name="remark" {...item}>
      <Input.TextArea rows={rows} maxLength={500} showCount={showCount} />
    </Form.Item>
  );
}
