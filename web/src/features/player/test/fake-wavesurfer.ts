import type { WaveSurferOptions } from 'wavesurfer.js';

type Listener = (...args: never[]) => void;

/**
 * wavesurfer.js as the player uses it, for jsdom (which has no canvas, ResizeObserver or audio
 * decoding). Tests drive the media element's `canplay` and the events a real waveform emits.
 */
export class FakeWaveSurfer {
  static instances: FakeWaveSurfer[] = [];

  static create(options: WaveSurferOptions): FakeWaveSurfer {
    const instance = new FakeWaveSurfer(options);
    FakeWaveSurfer.instances.push(instance);
    return instance;
  }

  /** The last waveform created. */
  static latest(): FakeWaveSurfer {
    const instance = FakeWaveSurfer.instances[FakeWaveSurfer.instances.length - 1];
    if (!instance) throw new Error('No waveform was created');
    return instance;
  }

  private readonly listeners = new Map<string, Set<Listener>>();
  playing = false;
  volume = 1;
  time = 0;
  destroyed = false;
  /** What the next play() does: start, or fail with this error. */
  playFailure: Error | null = null;

  constructor(readonly options: WaveSurferOptions) {}

  on(event: string, listener: Listener): () => void {
    const set = this.listeners.get(event) ?? new Set<Listener>();
    set.add(listener);
    this.listeners.set(event, set);
    return () => set.delete(listener);
  }

  emit(event: string, ...args: unknown[]): void {
    for (const listener of this.listeners.get(event) ?? []) (listener as (...a: unknown[]) => void)(...args);
  }

  async play(): Promise<void> {
    if (this.playFailure) throw this.playFailure;
    this.playing = true;
    this.emit('play');
  }

  pause(): void {
    if (!this.playing) return;
    this.playing = false;
    this.emit('pause');
  }

  isPlaying(): boolean {
    return this.playing;
  }

  setTime(time: number): void {
    this.time = time;
    this.emit('timeupdate', time);
  }

  setVolume(volume: number): void {
    this.volume = volume;
  }

  destroy(): void {
    this.destroyed = true;
    this.listeners.clear();
  }

  /** The browser can play the file (the media element's `canplay`). */
  canPlay(): void {
    this.options.media?.dispatchEvent(new Event('canplay'));
  }

  /** Playback reached `seconds`. */
  advanceTo(seconds: number): void {
    this.time = seconds;
    this.emit('timeupdate', seconds);
  }
}

export default FakeWaveSurfer;
