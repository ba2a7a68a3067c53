import type { ReactNode } from 'react';
import './panel.css';

export interface PanelProps {
  title?: ReactNode;
  className?: string;
  children: ReactNode;
  'data-testid'?: string;
}

/**
 * A titled box, drawn like antd's small Card. antd's Card brings its tabs along (≈13 KB
 * compressed) to every screen that shows one; a panel is plain markup.
 */
export function Panel({ title, className, children, 'data-testid': testId }: PanelProps) {
  return (
    <section className={className ? `ld-panel ${className}` : 'ld-panel'} data-testid={testId}>
      {title !== undefined && <h2 className="ld-panel-title">{title}</h2>}
      <div className="ld-panel-body">{children}</div>
    </section>
  );
}
