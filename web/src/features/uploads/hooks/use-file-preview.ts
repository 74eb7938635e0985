import { useCallback, useEffect, useRef, useState } from 'react';

export interface FilePreview {
  /** The file selected for preview (playing or paused), if any. */
  readonly currentId: string | null;
  readonly playing: boolean;
  /** Play toggles pause; starting another file stops the first. */
  readonly toggle: (id: string, file: File) => void;
  /** Stops the preview if it is this file (it is being removed or replaced). */
  readonly release: (id: string) => void;
  /** Stops whatever plays. */
  readonly stop: () => void;
}

/**
 * One audio element previews local files one at a time (requirements §P2 "Audio preview"): play toggles
 * pause, starting another stops the first, the end of playback clears the selection, and removing
 * the playing file stops it. Each file is played from an object URL revoked when it stops.
 */
export function useFilePreview(): FilePreview {
  const audioRef = useRef<HTMLAudioElement | null>(null);
  const urlRef = useRef<string | null>(null);
  const currentRef = useRef<string | null>(null);
  const [currentId, setCurrentId] = useState<string | null>(null);
  const [playing, setPlaying] = useState(false);

  const stop = useCallback(() => {
    const element = audioRef.current;
    if (element) {
      element.pause();
      element.removeAttribute('src');
    }
    if (urlRef.current) URL.revokeObjectURL(urlRef.current);
    urlRef.current = null;
    currentRef.current = null;
    setCurrentId(null);
    setPlaying(false);
  }, []);

  const audio = useCallback((): HTMLAudioElement => {
    if (audioRef.current) return audioRef.current;
    const element = new Audio();
    element.addEventListener('play', () => setPlaying(true));
    element.addEventListener('pause', () => setPlaying(false));
    element.addEventListener('ended', stop);
    audioRef.current = element;
    return element;
  }, [stop]);

  useEffect(() => stop, [stop]);

  const start = useCallback((id: string, element: HTMLAudioElement) => {
    Promise.resolve(element.play()).catch((error: unknown) => {
      // A newer toggle replaced this file before it started: not a failure.
      if (currentRef.current !== id) return;
      console.error('Preview playback failed', error);
      stop();
    });
  }, [stop]);

  const toggle = useCallback(
    (id: string, file: File) => {
      const element = audio();
      if (currentRef.current === id) {
        if (element.paused) start(id, element);
        else element.pause();
        return;
      }
      stop();
      urlRef.current = URL.createObjectURL(file);
      element.src = urlRef.current;
      currentRef.current = id;
      setCurrentId(id);
      start(id, element);
    },
    [audio, start, stop],
  );

  const release = useCallback((id: string) => {
    if (currentRef.current === id) stop();
  }, [stop]);

  return { currentId, playing, toggle, release, stop };
}
