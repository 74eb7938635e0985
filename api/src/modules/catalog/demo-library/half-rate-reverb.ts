/**
 * The synthesiser's own reverb (spessasynth's Dattorro hall) run at half the sample rate: its send
 * is averaged in pairs of samples, the reverb runs on half as many, and its output is interpolated
 * back up. A hall tail holds little above 11 kHz, and the reverb was the costliest part of rendering
 * a stem with a send (about 40% of its synthesis time at the full rate).
 */
import { SpessaSynthProcessor, type ReverbProcessor, type ReverbProcessorSnapshot } from 'spessasynth_core';

type ReverbClass = new (sampleRate: number, maxBufferSize: number) => ReverbProcessor;

let reverbClass: ReverbClass | null = null;

/** The library's reverb class (not exported by the package): taken from a synthesiser's default. */
function defaultReverbClass(): ReverbClass {
  reverbClass ??= new SpessaSynthProcessor(22_050, { effectsEnabled: true, eventsEnabled: false, maxBufferSize: 128 }).reverbProcessor.constructor as ReverbClass;
  return reverbClass;
}

/** A reverb processor for a synthesiser at `sampleRate` that renders its reverb at half that rate. */
export class HalfRateReverb implements ReverbProcessor {
  private readonly inner: ReverbProcessor;
  private readonly input: Float32Array;
  private readonly left: Float32Array;
  private readonly right: Float32Array;
  /** A send sample waiting for its pair (blocks may have an odd length). */
  private pending = 0;
  private hasPending = false;
  /** Full-rate output not yet mixed in: a ring of at most a few samples (one sample of latency). */
  private readonly queueL = new Float32Array(8);
  private readonly queueR = new Float32Array(8);
  private head = 0;
  private size = 1;
  private lastL = 0;
  private lastR = 0;

  constructor(sampleRate: number, maxBufferSize: number) {
    const Reverb = defaultReverbClass();
    this.inner = new Reverb(sampleRate / 2, maxBufferSize);
    const half = Math.ceil(maxBufferSize / 2) + 1;
    this.input = new Float32Array(half);
    this.left = new Float32Array(half);
    this.right = new Float32Array(half);
  }

  get character(): number { return this.inner.character; }
  set character(value: number) { this.inner.character = value; }
  get time(): number { return this.inner.time; }
  set time(value: number) { this.inner.time = value; }
  get delayFeedback(): number { return this.inner.delayFeedback; }
  set delayFeedback(value: number) { this.inner.delayFeedback = value; }
  get preDelayTime(): number { return this.inner.preDelayTime; }
  set preDelayTime(value: number) { this.inner.preDelayTime = value; }
  get level(): number { return this.inner.level; }
  set level(value: number) { this.inner.level = value; }
  get preLowpass(): number { return this.inner.preLowpass; }
  set preLowpass(value: number) { this.inner.preLowpass = value; }

  getSnapshot(): ReverbProcessorSnapshot {
    return this.inner.getSnapshot();
  }

  process(input: Float32Array, outputLeft: Float32Array, outputRight: Float32Array, startIndex: number, sampleCount: number): void {
    const { left, right, queueL, queueR } = this;
    let n = 0;
    for (let i = 0; i < sampleCount; i++) {
      if (this.hasPending) {
        this.input[n++] = (this.pending + input[i]) * 0.5;
        this.hasPending = false;
      } else {
        this.pending = input[i];
        this.hasPending = true;
      }
    }
    left.fill(0, 0, n);
    right.fill(0, 0, n);
    if (n) this.inner.process(this.input, left, right, 0, n);
    let head = this.head;
    let size = this.size;
    let o = startIndex;
    let k = 0;
    for (let i = 0; i < sampleCount; i++) {
      // Two full-rate samples per half-rate one (the midpoint, then the sample) keep the queue fed.
      if (size === 0) {
        const l = left[k];
        const r = right[k++];
        const tail = head;
        queueL[tail] = (this.lastL + l) * 0.5;
        queueR[tail] = (this.lastR + r) * 0.5;
        queueL[(tail + 1) & 7] = l;
        queueR[(tail + 1) & 7] = r;
        this.lastL = l;
        this.lastR = r;
        size = 2;
      }
      outputLeft[o] += queueL[head];
      outputRight[o++] += queueR[head];
      head = (head + 1) & 7;
      size--;
    }
    // Half-rate samples not yet played (when the queue was still full) wait in the queue.
    for (; k < n; k++) {
      const tail = (head + size) & 7;
      queueL[tail] = (this.lastL + left[k]) * 0.5;
      queueR[tail] = (this.lastR + right[k]) * 0.5;
      queueL[(tail + 1) & 7] = left[k];
      queueR[(tail + 1) & 7] = right[k];
      this.lastL = left[k];
      this.lastR = right[k];
      size += 2;
    }
    this.head = head;
    this.size = size;
  }
}
