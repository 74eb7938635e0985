import { useEffect, useId, useState } from 'react';
import './CodeBlock.css';

interface CodeBlockProps {
  /** What the example is, shown above it and naming its copy button ("curl", "TypeScript"). */
  readonly label: string;
  readonly code: string;
}

type CopyState = 'idle' | 'copied' | 'failed';
const STATUS: Record<CopyState, string> = { idle: '', copied: 'Copied', failed: 'Copy failed: select the text and copy it' };

/** A code example with a button that copies it to the clipboard; the outcome is announced. */
export function CodeBlock({ label, code }: CodeBlockProps) {
  const [state, setState] = useState<CopyState>('idle');
  const labelId = useId();
  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), 2000);
    return () => clearTimeout(timer);
  }, [state]);

  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(code);
      setState('copied');
    } catch {
      setState('failed');
    }
  };

  return (
    <figure className="code-block" aria-labelledby={labelId}>
      <figcaption className="code-block__header">
        <span id={labelId} className="code-block__label">{label}</span>
        <span className="code-block__status" role="status">{STATUS[state]}</span>
        <button type="button" className="code-block__copy" onClick={() => void copy()} aria-label={`Copy ${label}`}>
          Copy
        </button>
      </figcaption>
      {/* Focusable, so a keyboard user can scroll a long line (axe: scrollable-region-focusable). */}
      <pre className="code-block__pre" tabIndex={0} aria-labelledby={labelId}>
        <code>{code}</code>
      </pre>
    </figure>
  );
}
