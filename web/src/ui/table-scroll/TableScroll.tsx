import type { ReactNode } from 'react';
import './TableScroll.css';

interface TableScrollProps {
  /** What the table holds, read out when the box gets focus ("Users table"). */
  readonly label: string;
  readonly className?: string;
  readonly children: ReactNode;
}

/**
 * A table that scrolls sideways in its own box when it is wider than the page (375 px phones), so
 * the page itself never scrolls sideways. The box takes keyboard focus (tabindex 0) and has a name,
 * so a keyboard user can scroll it with the arrow keys (axe: scrollable-region-focusable).
 */
export function TableScroll({ label, className, children }: TableScrollProps) {
  return (
    <div className={className ? `table-scroll ${className}` : 'table-scroll'} role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
