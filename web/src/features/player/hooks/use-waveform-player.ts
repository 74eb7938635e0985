import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import WaveSurfer from 'wavesurfer.js';
import { claimPlayback, releasePlayback, type Playable } from '../playback-coordinator';
import { PLAYER_MESSAGES } from '../player-messages';

/** Requirements §L9: the card's waveform is 60 px high, bars 2 px wide with 2 px gaps and radius 3. */
export const WAVEFORM = {
  height: 60,
  barWidth: 2,
  barGap: 2,
  barRadius: 3,
  /** Light indigo wave, indigo progress. */
  waveColor: '#a5b4fc',
  progressColor: '#6366f1',
} as const;

export interface WaveformSource {
  readonly url: string;
  /** Peaks (0..1) measured by the api; without them the waveform is drawn from the decoded file. */
  readonly peaks: readonly number[];
  readonly durationSeconds: number;
  /** Waveform height in px: 60 on the card (default), 80 in the storefront player (requirements §L9). */
  readonly height?: number;
  /** Called each time playback starts (the storefront counts plays). */
  readonly onPlay?: () => void;
}

export interface WaveformPlayerState {
  /** The audio can start (requirements §L4 "ready"): before that, controls answer "not ready". */
  readonly ready: boolean;
  readonly playing: boolean;
  /** Whole seconds played, so the clock re-renders once a second, not once a frame. */
  readonly elapsed: number;
  readonly duration: number;
  /** 0..1, initially 1. */
  readonly volume: number;
  /** A load or playback failure, in the spec's words. */
  readonly error: string | null;
}

const initial = (duration: number): WaveformPlayerState => ({ ready: false, playing: false, elapsed: 0, duration, volume: 1, error: null });

/**
 * A wavesurfer.js waveform in `containerRef` playing `source`, one player at a time across the page.
 * Ready means the browser can play the file (its `canplay`), which also checks that it loads.
 */
export function useWaveformPlayer(containerRef: RefObject<HTMLElement | null>, source: WaveformSource) {
  const { url } = source;
  const [state, setState] = useState<WaveformPlayerState>(() => initial(source.durationSeconds));
  const surferRef = useRef<WaveSurfer | null>(null);
  const readyRef = useRef(false);
  const volumeRef = useRef(1);
  // Peaks and duration belong to the address: a new beat comes with a new address.
  const sourceRef = useRef(source);
  useEffect(() => {
    sourceRef.current = source;
  });

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return undefined;
    const { peaks, durationSeconds } = sourceRef.current;
    readyRef.current = false;
    setState({ ...initial(durationSeconds), volume: volumeRef.current });

    const media = new Audio();
    media.preload = 'auto';
    media.volume = volumeRef.current;
    const hasPeaks = peaks.length > 0;
    const surfer = WaveSurfer.create({
      container,
      media,
      url,
      ...(hasPeaks ? { peaks: [[...peaks]], duration: durationSeconds } : {}),
      height: sourceRef.current.height ?? WAVEFORM.height,
      barWidth: WAVEFORM.barWidth,
      barGap: WAVEFORM.barGap,
      barRadius: WAVEFORM.barRadius,
      waveColor: WAVEFORM.waveColor,
      progressColor: WAVEFORM.progressColor,
      cursorWidth: 0,
      normalize: true,
      dragToSeek: true,
    });
    surferRef.current = surfer;
    const playable: Playable = { pause: () => surfer.pause() };

    const onCanPlay = () => {
      if (readyRef.current) return;
      readyRef.current = true;
      const duration = Number.isFinite(media.duration) && media.duration > 0 ? media.duration : durationSeconds;
      setState((s) => ({ ...s, ready: true, duration, error: null }));
    };
    media.addEventListener('canplay', onCanPlay);
    const unsubscribe = [
      surfer.on('play', () => {
        claimPlayback(playable);
        sourceRef.current.onPlay?.();
        setState((s) => ({ ...s, playing: true, error: null }));
      }),
      surfer.on('pause', () => {
        releasePlayback(playable);
        setState((s) => ({ ...s, playing: false }));
      }),
      surfer.on('finish', () => {
        releasePlayback(playable);
        setState((s) => ({ ...s, playing: false }));
      }),
      surfer.on('timeupdate', (time: number) => {
        const elapsed = Math.floor(time);
        setState((s) => (s.elapsed === elapsed ? s : { ...s, elapsed }));
      }),
      surfer.on('error', (error: Error) => {
        console.error('The beat player failed', error);
        releasePlayback(playable);
        const message = readyRef.current ? PLAYER_MESSAGES.playbackFailed : PLAYER_MESSAGES.loadFailed;
        setState((s) => ({ ...s, playing: false, error: message }));
      }),
    ];

    return () => {
      media.removeEventListener('canplay', onCanPlay);
      for (const off of unsubscribe) off();
      releasePlayback(playable);
      surferRef.current = null;
      surfer.destroy();
    };
  }, [url, containerRef]);

  const notReady = useCallback(() => {
    if (readyRef.current && surferRef.current) return false;
    window.alert(PLAYER_MESSAGES.notReady);
    return true;
  }, []);

  const play = useCallback(() => {
    const surfer = surferRef.current;
    if (!surfer) return;
    surfer.play().catch((error: unknown) => {
      // A pause that came before the start is not a failure.
      if ((error as Error)?.name === 'AbortError') return;
      console.error('Error playing audio', error);
      setState((s) => ({ ...s, playing: false, error: PLAYER_MESSAGES.playbackFailed }));
    });
  }, []);

  const togglePlay = useCallback(() => {
    if (notReady()) return;
    if (surferRef.current!.isPlaying()) surferRef.current!.pause();
    else play();
  }, [notReady, play]);

  const restart = useCallback(() => {
    if (notReady()) return;
    surferRef.current!.setTime(0);
    setState((s) => ({ ...s, elapsed: 0 }));
    if (!surferRef.current!.isPlaying()) play();
  }, [notReady, play]);

  const setVolume = useCallback((volume: number) => {
    const clamped = Math.min(1, Math.max(0, volume));
    volumeRef.current = clamped;
    surferRef.current?.setVolume(clamped);
    setState((s) => ({ ...s, volume: clamped }));
  }, []);

  const clearError = useCallback(() => setState((s) => ({ ...s, error: null })), []);

  return { state, togglePlay, restart, setVolume, clearError };
}
