import type { ReactNode } from 'react';

export interface Figure {
  key: string;
  label: string;
  value: ReactNode;
  /** The figure's change against the comparison period (a `Change`), beside it. */
  change?: ReactNode;
}

/** The headline figures of a screen, side by side. */
export function Figures({ items, testId }: { items: readonly Figure[]; testId?: string }) {
  return (
    <dl className="ld-figures" data-testid={testId}>
      {items.map((item) => (
        <div key={item.key} className="ld-figure" data-testid={`figure-${item.key}`}>
          <dt>{item.label}</dt>
          <dd>
            {item.value}
            {item.change}
          </dd>
        </div>
      ))}
    </dl>
  );
}
