import { useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { LEARN_MORE_LINKS } from '../../../app/router/info-links';
import { useDismiss } from '../../../ui/use-dismiss';

/** The `? Learn More` accordion: a disclosure of the information pages; any click outside closes it. */
export function LearnMore() {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  useDismiss(rootRef, open, (reason) => {
    setOpen(false);
    if (reason === 'escape') buttonRef.current?.focus();
  });

  return (
    <div className="learn-more" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="learn-more__button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        ? Learn More
      </button>
      <div id={panelId} className="learn-more__panel" hidden={!open}>
        <ul className="learn-more__list">
          {LEARN_MORE_LINKS.map((link) => (
            <li key={link.to}>
              <Link className="learn-more__link" to={link.to} onClick={() => setOpen(false)}>
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
