import { useId, useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useDismiss } from '../use-dismiss';
import './DropdownMenu.css';

/** A menu entry: either a link to an in-app route or an action. */
export type DropdownItem =
  | { readonly key: string; readonly label: string; readonly to: string }
  | { readonly key: string; readonly label: string; readonly onSelect: () => void };

interface DropdownMenuProps {
  /** Accessible name of the menu button (also its visible label unless `buttonContent` is given). */
  readonly label: string;
  readonly buttonContent?: ReactNode;
  readonly items: readonly DropdownItem[];
  readonly className?: string;
}

/**
 * A menu button following the WAI-ARIA menu-button pattern: Enter, Space or ArrowDown open it and
 * focus the first item, arrows move between items, Escape closes it and returns focus to the
 * button, Tab or a click outside closes it.
 */
export function DropdownMenu({ label, buttonContent, items, className }: DropdownMenuProps) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<Array<HTMLElement | null>>([]);
  const menuId = useId();
  const buttonId = useId();

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  useDismiss(rootRef, open, (reason) => close(reason === 'escape'));

  const focusItem = (index: number) => {
    const count = items.length;
    if (count === 0) return;
    itemRefs.current[((index % count) + count) % count]?.focus();
  };

  const openAndFocus = (index: number) => {
    setOpen(true);
    // The items mount in this render; focus them once they exist.
    requestAnimationFrame(() => focusItem(index));
  };

  const onButtonClick = (event: MouseEvent<HTMLButtonElement>) => {
    if (open) return close(false);
    // A click from the keyboard (Enter or Space) has detail 0: move focus into the menu then.
    if (event.detail === 0) openAndFocus(0);
    else setOpen(true);
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      openAndFocus(0);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openAndFocus(items.length - 1);
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const current = itemRefs.current.findIndex((item) => item === document.activeElement);
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        focusItem(current + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        focusItem(current - 1);
        break;
      case 'Home':
        event.preventDefault();
        focusItem(0);
        break;
      case 'End':
        event.preventDefault();
        focusItem(items.length - 1);
        break;
      case 'Tab':
        close(false);
        break;
      default:
    }
  };

  return (
    <div className={`dropdown${className ? ` ${className}` : ''}`} ref={rootRef}>
      <button
        ref={buttonRef}
        id={buttonId}
        type="button"
        className="dropdown__button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={buttonContent ? label : undefined}
        onClick={onButtonClick}
        onKeyDown={onButtonKeyDown}
      >
        {buttonContent ?? label}
      </button>
      {open && (
        <ul className="dropdown__menu" id={menuId} role="menu" aria-labelledby={buttonId} onKeyDown={onMenuKeyDown}>
          {items.map((item, index) => (
            <li key={item.key} role="none">
              {'to' in item ? (
                <Link
                  ref={(element) => {
                    itemRefs.current[index] = element;
                  }}
                  role="menuitem"
                  tabIndex={-1}
                  className="dropdown__item"
                  to={item.to}
                  onClick={() => close(false)}
                >
                  {item.label}
                </Link>
              ) : (
                <button
                  ref={(element) => {
                    itemRefs.current[index] = element;
                  }}
                  type="button"
                  role="menuitem"
                  tabIndex={-1}
                  className="dropdown__item"
                  onClick={() => {
                    close(false);
                    item.onSelect();
                  }}
                >
                  {item.label}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
