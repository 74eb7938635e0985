import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useDismiss } from '../use-dismiss';
import './Modal.css';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

interface ModalProps {
  readonly open: boolean;
  readonly title: string;
  readonly onClose: () => void;
  readonly children: ReactNode;
  /** Blocking dialogs (an upload in progress) cannot be closed by the user. */
  readonly dismissible?: boolean;
  /** `wide` for dialogs that lay out choices side by side (Purchase Rights). */
  readonly size?: 'default' | 'wide';
}

/**
 * Makes everything in <body> but `keep` inert (unreachable by keyboard, pointer and assistive
 * technology) and answers how to undo it. Only elements this call made inert are restored, so
 * stacked modals close in turn.
 */
function inertAllBut(keep: Element | null): () => void {
  const made = [...document.body.children].filter((element) => element !== keep && !element.hasAttribute('inert') && element.tagName !== 'SCRIPT');
  for (const element of made) element.setAttribute('inert', '');
  return () => {
    for (const element of made) element.removeAttribute('inert');
  };
}

/**
 * A modal dialog: rendered into document.body, focus moves in on open, stays inside (Tab wraps)
 * and returns to where it was on close; the backdrop, the close button and Escape close it. While
 * it is open the rest of the page is inert, so neither the keyboard nor a screen reader (nor axe's
 * contrast check of text under the backdrop) reaches it.
 */
export function Modal({ open, title, onClose, children, dismissible = true, size = 'default' }: ModalProps) {
  const dialogRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const backdropRef = useRef<HTMLDivElement>(null);
  const titleId = useId();

  useDismiss(dialogRef, open && dismissible, (reason) => {
    // Clicks outside land on the backdrop, whose own handler closes; only Escape is handled here.
    if (reason === 'escape') onClose();
  });

  useEffect(() => {
    if (!open) return undefined;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const restoreInert = inertAllBut(backdropRef.current);
    // The first control of the content, not the close button: the user opened it to act on it.
    const first = bodyRef.current?.querySelector<HTMLElement>(FOCUSABLE) ?? dialogRef.current?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? dialogRef.current)?.focus();
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
      // The page first becomes reachable again, then focus returns into it.
      restoreInert();
      previous?.focus();
    };
  }, [open]);

  if (!open) return null;

  const trapTab = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Tab' || !dialogRef.current) return;
    const focusable = [...dialogRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    if (focusable.length === 0) return event.preventDefault();
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    <div
      ref={backdropRef}
      className="modal-backdrop"
      onMouseDown={(event) => {
        if (dismissible && event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={dialogRef}
        className={size === 'wide' ? 'modal modal--wide' : 'modal'}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={trapTab}
      >
        <div className="modal__header">
          <h2 id={titleId} className="modal__title">
            {title}
          </h2>
          {dismissible && (
            <button type="button" className="modal__close" aria-label="Close" onClick={onClose}>
              ×
            </button>
          )}
        </div>
        <div className="modal__body" ref={bodyRef}>
          {children}
        </div>
      </div>
    </div>,
    document.body,
  );
}
