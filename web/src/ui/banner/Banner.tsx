import { useEffect, useRef, useState, type ReactNode } from 'react';
import './Banner.css';

export type BannerTone = 'error' | 'success' | 'info';

/** Requirements §L9: a message banner shows about 2 seconds, then fades for 1.5 seconds, then is cleared. */
export const BANNER_VISIBLE_MS = 2000;
export const BANNER_FADE_MS = 1500;

interface BannerProps {
  readonly tone: BannerTone;
  readonly children: ReactNode;
  /** Called when the user closes it, or when an auto-hiding banner has faded out. */
  readonly onDismiss?: () => void;
  /** Fade out after the spec's timings; give the banner a new `key` to restart them for a new message. */
  readonly autoHide?: boolean;
  /** How long an auto-hiding banner shows before it fades (subscription errors show longer, requirements §L8). */
  readonly visibleMs?: number;
}

export function Banner({ tone, children, onDismiss, autoHide = false, visibleMs = BANNER_VISIBLE_MS }: BannerProps) {
  const [fading, setFading] = useState(false);
  // Parents pass inline callbacks; reading the latest one keeps the timers from restarting on re-render.
  const onDismissRef = useRef(onDismiss);
  useEffect(() => {
    onDismissRef.current = onDismiss;
  });

  useEffect(() => {
    if (!autoHide) return undefined;
    const fadeTimer = setTimeout(() => setFading(true), visibleMs);
    const clearTimer = setTimeout(() => onDismissRef.current?.(), visibleMs + BANNER_FADE_MS);
    return () => {
      clearTimeout(fadeTimer);
      clearTimeout(clearTimer);
    };
  }, [autoHide, visibleMs]);

  return (
    <div
      className={`banner banner--${tone}${fading ? ' banner--fading' : ''}`}
      role={tone === 'error' ? 'alert' : 'status'}
      style={{ transitionDuration: `${BANNER_FADE_MS}ms` }}
    >
      <span className="banner__icon" aria-hidden="true">
        {tone === 'error' ? '!' : tone === 'success' ? '✓' : 'i'}
      </span>
      <div className="banner__text">{children}</div>
      {onDismiss && (
        <button type="button" className="banner__close" aria-label="Dismiss message" onClick={onDismiss}>
          ×
        </button>
      )}
    </div>
  );
}
