import { useCallback, useEffect, useRef, useState } from 'react';

export const PLAYBACK_ERROR = 'Error playing audio. Please try again.';

export interface PlaybackState {
  /** The item playing or paused, if any. */
  readonly currentId: string | null;
  readonly playing: boolean;
  /** 0..1 of the current item. */
  readonly progress: number;
  /** The item whose playback failed, with the spec's message. */
  readonly error: { readonly id: string; readonly message: string } | null;
}

const IDLE: PlaybackState = { currentId: null, playing: false, progress: 0, error: null };

/**
 * One audio element for a set of preview cards: starting one item pauses any other (requirements §L2
 * "only one plays at a time"); the same item toggles play and pause; the end resets it.
 */
export function useSinglePlayback() {
  const audioRef = useRef<HTMLAudioElement | null>(null);
  const currentRef = useRef<string | null>(null);
  const [state, setState] = useState<PlaybackState>(IDLE);

  const audio = useCallback((): HTMLAudioElement => {
    if (audioRef.current) return audioRef.current;
    const element = new Audio();
    element.preload = 'none';
    element.addEventListener('timeupdate', () => {
      const progress = element.duration > 0 ? Math.min(1, element.currentTime / element.duration) : 0;
      setState((s) => (s.currentId ? { ...s, progress } : s));
    });
    element.addEventListener('play', () => setState((s) => ({ ...s, playing: true })));
    element.addEventListener('pause', () => setState((s) => ({ ...s, playing: false })));
    element.addEventListener('ended', () => {
      currentRef.current = null;
      setState(IDLE);
    });
    audioRef.current = element;
    return element;
  }, []);

  useEffect(
    () => () => {
      const element = audioRef.current;
      if (!element) return;
      element.pause();
      element.removeAttribute('src');
    },
    [],
  );

  const toggle = useCallback(
    (id: string, url: string) => {
      const element = audio();
      const fail = () => {
        currentRef.current = null;
        setState({ ...IDLE, error: { id, message: PLAYBACK_ERROR } });
      };
      if (currentRef.current === id) {
        if (!element.paused) {
          element.pause();
          return;
        }
      } else {
        element.pause();
        element.src = url;
        currentRef.current = id;
        setState({ currentId: id, playing: false, progress: 0, error: null });
      }
      try {
        Promise.resolve(element.play()).catch((error: unknown) => {
          // A newer toggle replaced this source before it started: not a failure.
          if ((error as Error)?.name === 'AbortError' && currentRef.current !== id) return;
          console.error('Sample beat playback failed', error);
          if (currentRef.current === id) fail();
        });
      } catch (error) {
        console.error('Sample beat playback failed', error);
        fail();
      }
    },
    [audio],
  );

  return { state, toggle };
}
