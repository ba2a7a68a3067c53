import Tag from 'antd/es/tag';
import type { ReactNode } from 'react';
import { tagColour } from '../../../components/dict-tag';

/** An entry as DictTag will draw it elsewhere (its colour type and CSS class), before or after saving. */
export function DictEntryTag({ colorType, cssClass, children }: { colorType: string; cssClass?: string; children: ReactNode }) {
  return (
    <Tag color={tagColour(colorType)} className={cssClass || undefined} data-testid="dict-entry-preview">
      {children}
    </Tag>
  );
}
