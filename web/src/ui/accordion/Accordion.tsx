import { useId, useRef, useState, type CSSProperties, type KeyboardEvent, type ReactNode } from 'react';
import './Accordion.css';

export interface AccordionItem {
  readonly id: string;
  readonly title: ReactNode;
  readonly content: ReactNode;
  /** Extra class and style of the item (e.g. a colour band). */
  readonly className?: string;
  readonly style?: CSSProperties;
}

interface AccordionProps {
  readonly items: readonly AccordionItem[];
  /** The heading level wrapping each header button (WAI-ARIA accordion pattern). */
  readonly headingLevel?: 2 | 3 | 4;
  /** Several panels may be open at once. Default: one at a time. */
  readonly multiple?: boolean;
  readonly className?: string;
}

/**
 * An accordion (WAI-ARIA pattern): each header is a button in a heading with aria-expanded;
 * Enter or Space toggles, Arrow Up/Down, Home and End move between headers, and Escape inside an
 * open item closes it and puts focus back on its header.
 */
export function Accordion({ items, headingLevel = 3, multiple = false, className }: AccordionProps) {
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const baseId = useId();
  const headers = useRef(new Map<string, HTMLButtonElement>());
  const Heading = `h${headingLevel}` as const;

  const toggle = (id: string) =>
    setOpen((current) => {
      const next = new Set(multiple ? current : [...current].filter((key) => key === id));
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const onHeaderKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const target =
      event.key === 'ArrowDown' ? (index + 1) % items.length
      : event.key === 'ArrowUp' ? (index - 1 + items.length) % items.length
      : event.key === 'Home' ? 0
      : event.key === 'End' ? items.length - 1
      : null;
    if (target === null) return;
    event.preventDefault();
    headers.current.get(items[target].id)?.focus();
  };

  const onItemKeyDown = (event: KeyboardEvent<HTMLDivElement>, id: string) => {
    if (event.key !== 'Escape' || !open.has(id)) return;
    event.stopPropagation();
    setOpen((current) => new Set([...current].filter((key) => key !== id)));
    headers.current.get(id)?.focus();
  };

  return (
    <div className={['accordion', className].filter(Boolean).join(' ')}>
      {items.map((item, index) => {
        const expanded = open.has(item.id);
        const headerId = `${baseId}-header-${index}`;
        const panelId = `${baseId}-panel-${index}`;
        return (
          <div
            key={item.id}
            className={['accordion__item', expanded ? 'is-open' : '', item.className].filter(Boolean).join(' ')}
            style={item.style}
            onKeyDown={(event) => onItemKeyDown(event, item.id)}
          >
            <Heading className="accordion__heading">
              <button
                ref={(node) => {
                  if (node) headers.current.set(item.id, node);
                  else headers.current.delete(item.id);
                }}
                id={headerId}
                type="button"
                className="accordion__header"
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => toggle(item.id)}
                onKeyDown={(event) => onHeaderKeyDown(event, index)}
              >
                <span className="accordion__title">{item.title}</span>
                <span className="accordion__icon" aria-hidden="true" />
              </button>
            </Heading>
            <div id={panelId} role="region" aria-labelledby={headerId} className="accordion__panel" hidden={!expanded}>
              {item.content}
            </div>
          </div>
        );
      })}
    </div>
  );
}
