import { raisedCosineFadeIn } from '../dsp/windows';
import type { Hertz, Samples } from '../units';

/**
 * WSOLA (waveform-similarity overlap-add) over one period of a loop, treated as a circle, with
 * attacks anchored.
 *
 * The output is cut into segments of about SEGMENT_SECONDS. A segment is a straight copy of the
 * input (no averaging, so timbre survives) starting near the input position that the tempo change
 * maps it to; within +-TOLERANCE_SECONDS of that, the start is the one whose first OVERLAP_SECONDS
 * look most like the natural continuation of the previous segment, and the two are crossfaded there.
 * Segments are placed so that their centres, not their starts, sit on the target grid: no
 * systematic lag to compensate afterwards.
 *
 * Attacks (onsets given by the caller) are anchors: a segment starts one crossfade before each,
 * on the exact target position, and copies the attack verbatim; the segment before it may not read
 * into the attack and the one after it may not read it again. So a note or an 808 hit lands on the
 * grid to the frame and is neither doubled (plain WSOLA repeats attacks when slowing down) nor
 * skipped (when speeding up).
 *
 * The loop is a circle: the input is read modulo its length and the last joint crossfades into the
 * first segment again. With an anchor, the circle closes at an anchor (a joint just before an
 * attack needs no phase match) and is exactly as long as asked. Without one (a pad, a held 808), a
 * sustained tone rarely fits a whole number of cycles into the new length, so the last joint cannot
 * be both in phase and exactly at the end; the joint is put where it is in phase (the circle comes
 * out `closureShift` frames shorter or longer) and the caller reads the circle back at the exact
 * length with a band-limited varispeed: pitch moves by closureShift / frames (hundredths of a per
 * cent) instead of a phase jump, which is what made a sustained sine dip 3.6-10.7 dB at each tiled
 * seam (STACK-NOTES).
 */

const SEGMENT_SECONDS = 0.02;
const OVERLAP_SECONDS = 0.008;
/** Covers half a period down to about 36 Hz, so an 808's fundamental always finds an in-phase joint. */
const TOLERANCE_SECONDS = 0.014;
/** Segments after an anchor start at least this far past the attack, so the attack is not played twice... */
const ATTACK_GUARD_SECONDS = 0.015;
/** ...or, where that leaves no room (close attacks, slowed down a lot), at least this far: the attack proper. */
const ATTACK_HARD_GUARD_SECONDS = 0.005;
/** The similarity search first runs on an 8x decimated signal (box-filtered: tonal joints are decided below 2.7 kHz), then refines at full rate. */
const DECIMATION = 8;
/** Weight of the preference for starts near the nominal position (keeps timing tight when candidates tie). */
const NEARNESS_BIAS = 0.04;
/** Full-rate matches this close to the best count as equal for the closure, which then takes the nearest. */
const NEAR_TIE = 0.003;

export interface WsolaCircle {
  /** One channel per input channel; only the first `length` frames are the circle. */
  readonly channels: Float32Array[];
  /** Frames in the circle: the asked length minus `closureShift`. */
  readonly length: Samples;
  /** How many frames shorter than asked the circle closed in phase (negative: longer); 0 when anchored. */
  readonly closureShift: Samples;
  /** Target frame at which circle frame 0 plays (the circle starts at its first segment, which may begin before 0). */
  readonly origin: Samples;
}

interface SearchSignals {
  /** Mono search signal over the extended (wrapped) input, full rate. */
  readonly mono: Float32Array;
  /** Prefix sums of mono^2 (length mono.length + 1), so a candidate's energy costs two reads. */
  readonly monoEnergy: Float64Array;
  readonly decimated: Float32Array;
  readonly decimatedEnergy: Float64Array;
  /** Frames of extension before input frame 0: input position p is index p + margin. */
  readonly margin: number;
  /** The loop's length: positions one lap apart are the same audio. */
  readonly period: number;
  readonly overlap: number;
  readonly tolerance: number;
}

/** The segments of one circle, in playing order, in unwrapped coordinates (frame `starts[count]` is `starts[0]` one lap on). */
interface SegmentPlan {
  readonly count: number;
  /** Target position of each segment's first frame; `count + 1` entries. */
  readonly starts: Float64Array;
  /** Input position each segment copies from (filled by the search), `count + 1` entries. */
  readonly sources: Float64Array;
  /** 1 where the segment is an anchor (fixed source), else 0. */
  readonly anchored: Uint8Array;
}

/**
 * Stretches `inLength` frames of each channel, as one loop period, to a circle of about
 * `targetLength` frames with the pitch unchanged. Input frame i plays at target frame
 * i * targetLength / inLength: exactly for anchored attacks, within the search tolerance elsewhere.
 * `anchors` are attack positions in [0, inLength), sorted.
 */
export function wsolaCircle(
  inputs: readonly Float32Array[], inLength: Samples, targetLength: Samples, sampleRate: Hertz, anchors: readonly Samples[] = [],
): WsolaCircle {
  if (inLength <= 0 || targetLength <= 0) throw new RangeError(`Lengths must be positive (${inLength} -> ${targetLength})`);
  if (inLength === targetLength) {
    return { channels: inputs.map((x) => x.slice(0, inLength)), length: inLength, closureShift: 0, origin: 0 };
  }
  const segment = Math.max(64, Math.round(SEGMENT_SECONDS * sampleRate));
  // A multiple of twice the decimation, so the decimated correlation runs unrolled by two.
  const overlap = Math.max(2 * DECIMATION, Math.round(OVERLAP_SECONDS * sampleRate) & ~(2 * DECIMATION - 1));
  const tolerance = Math.round(TOLERANCE_SECONDS * sampleRate);
  if (targetLength < 4 * segment || inLength < 4 * segment) {
    // Too short to cut into segments (under ~80 ms): hand the period back unchanged and let the
    // caller's varispeed fit it, which moves its pitch; no musical loop is this short.
    return { channels: inputs.map((x) => x.slice(0, inLength)), length: inLength, closureShift: targetLength - inLength, origin: 0 };
  }
  const ratio = targetLength / inLength;
  const guard = Math.round(ATTACK_GUARD_SECONDS * sampleRate);
  const hardGuard = Math.round(ATTACK_HARD_GUARD_SECONDS * sampleRate);
  const plan = planSegments(anchors, inLength, targetLength, ratio, segment, overlap);
  const { count, starts, sources, anchored } = plan;
  const margin = Math.ceil(Math.abs(segment / ratio - segment)) + 3 * tolerance + 4 * segment + 2 * overlap + guard + 8 * DECIMATION;
  const signals = searchSignals(inputs, inLength, margin, overlap, tolerance);

  // For each segment, the anchors around it: no segment may read into the next attack (it would sound
  // early) nor back into the last one (it would sound twice).
  const nextAnchor = new Int32Array(count + 1).fill(-1);
  for (let k = count, next = -1; k >= 0; k--) {
    nextAnchor[k] = next;
    if (anchored[k]) next = k;
  }
  let previousAnchor = anchored[0] ? 0 : -1;
  for (let k = 1; k < count; k++) {
    if (anchored[k]) {
      previousAnchor = k;
      continue;
    }
    const length = starts[k + 1] - starts[k];
    // The segment's centre (a crossfade in, half its own frames on) maps onto the grid.
    const centre = (length + overlap) / 2;
    const nominal = Math.round((starts[k] + centre) / ratio - centre);
    // An anchor's source starts one crossfade before its attack.
    const ceilingBound = nextAnchor[k] >= 0 ? sources[nextAnchor[k]] - length : Infinity;
    const after = previousAnchor >= 0 ? sources[previousAnchor] + overlap : -Infinity;
    let [lo, hi] = searchWindow(nominal, tolerance, after + guard, ceilingBound);
    if (lo > hi) [lo, hi] = searchWindow(nominal, tolerance, after + hardGuard, ceilingBound);
    // No room at all (attacks closer than the guards allow): never read the next attack early.
    if (lo > hi) lo = hi = ceilingBound;
    const continuation = sources[k - 1] + (starts[k] - starts[k - 1]);
    sources[k] = search(signals, continuation, lo, hi, Math.min(hi, Math.max(lo, nominal)));
  }

  let closureShift = 0;
  let closingEnd = sources[count - 1] + (starts[count] - starts[count - 1]);
  if (!anchored[0]) {
    // No anchor to close on: where should the last segment end so that its continuation is in phase
    // with segment 0 one period on? Its natural end is `closingEnd`; it may end earlier (circle
    // shorter) while staying longer than one crossfade, or later by up to the tolerance.
    const lastLength = starts[count] - starts[count - 1];
    const end = search(signals, sources[count], closingEnd - (lastLength - overlap - 1), closingEnd + tolerance, closingEnd, true);
    closureShift = closingEnd - end;
    closingEnd = end;
    starts[count] -= closureShift;
  }
  const length = targetLength - closureShift;
  const channels = inputs.map((x) => renderCircle(x, inLength, plan, closingEnd, overlap, length));
  return { channels, length, closureShift, origin: starts[0] };
}

/**
 * The search window [nominal - tolerance, nominal + tolerance], slid into [lowest, highest] keeping
 * its width where it is cut short or lies outside (near an anchor, slowing down a lot), so the joint
 * can still be put in phase; the content then leads or lags its nominal place a little there.
 * Empty (lo > hi) when lowest > highest.
 */
function searchWindow(nominal: number, tolerance: number, lowest: number, highest: number): [number, number] {
  let lo = nominal - tolerance;
  let hi = nominal + tolerance;
  if (lo < lowest) [lo, hi] = [lowest, Math.max(hi, lowest + 2 * tolerance)];
  if (hi > highest) [lo, hi] = [Math.max(lowest, Math.min(lo, highest - 2 * tolerance)), highest];
  return [lo, hi];
}

/**
 * Segment starts: one a crossfade before each anchor (anchors closer than two crossfades to the
 * previous one are dropped), the gaps between them cut into segments of about `segment` frames.
 * Without anchors, plain segments from target frame 0, segment 0 copying from its nominal start.
 */
function planSegments(anchors: readonly Samples[], inLength: number, targetLength: number, ratio: number, segment: number, overlap: number): SegmentPlan {
  const anchorStarts: number[] = [];
  const anchorSources: number[] = [];
  for (const anchor of anchors) {
    if (anchor < 0 || anchor >= inLength) continue;
    const start = Math.round(anchor * ratio) - overlap;
    const previous = anchorStarts.length - 1;
    // Anchors closer than two crossfades (in the output or the source) cannot each have a segment.
    if (previous >= 0 && (start - anchorStarts[previous] < 2 * overlap || anchor - overlap - anchorSources[previous] < 2 * overlap)) continue;
    anchorStarts.push(start);
    anchorSources.push(anchor - overlap);
  }
  // Across the seam too: the last anchor must leave room before the first one's next lap.
  while (
    anchorStarts.length > 1 &&
    (anchorStarts[0] + targetLength - anchorStarts[anchorStarts.length - 1] < 2 * overlap ||
      anchorSources[0] + inLength - anchorSources[anchorSources.length - 1] < 2 * overlap)
  ) {
    anchorStarts.pop();
    anchorSources.pop();
  }

  const starts: number[] = [];
  const fixed: number[] = [];
  if (anchorStarts.length === 0) {
    const count = Math.round(targetLength / segment);
    for (let k = 0; k < count; k++) {
      starts.push(Math.round((k * targetLength) / count));
      fixed.push(Number.NaN);
    }
    const centre = (segment + overlap) / 2;
    fixed[0] = Math.round(centre / ratio - centre);
    starts.push(targetLength);
    fixed.push(fixed[0] + inLength);
    return toPlan(starts, fixed, false);
  }
  for (let a = 0; a < anchorStarts.length; a++) {
    const start = anchorStarts[a];
    const next = a + 1 < anchorStarts.length ? anchorStarts[a + 1] : anchorStarts[0] + targetLength;
    const nextSource = a + 1 < anchorSources.length ? anchorSources[a + 1] : anchorSources[0] + inLength;
    const gap = next - start;
    starts.push(start);
    fixed.push(anchorSources[a]);
    // The anchor's own segment copies straight on from its attack, so it may not run into the next
    // attack's source (slowing down spreads attacks apart in the output, not in the source); what it
    // leaves of the gap, at least one crossfade, is cut into ordinary segments.
    const even = Math.round(gap / Math.max(1, Math.round(gap / segment)));
    const own = even <= nextSource - anchorSources[a] ? even : Math.min(nextSource - anchorSources[a], gap - overlap);
    const rest = gap - own;
    const pieces = rest > 0 ? Math.max(1, Math.round(rest / segment)) : 0;
    for (let i = 0; i < pieces; i++) {
      starts.push(start + own + Math.round((i * rest) / pieces));
      fixed.push(Number.NaN);
    }
  }
  starts.push(anchorStarts[0] + targetLength);
  fixed.push(anchorSources[0] + inLength);
  return toPlan(starts, fixed, true);
}

function toPlan(starts: number[], fixed: number[], closesOnAnchor: boolean): SegmentPlan {
  const count = starts.length - 1;
  const anchored = new Uint8Array(count + 1);
  const sources = new Float64Array(count + 1);
  for (let k = 0; k <= count; k++) {
    if (Number.isNaN(fixed[k])) continue;
    sources[k] = fixed[k];
    // Without anchors segment 0 has a fixed source too, but its joint is searched (the closure): not an anchor.
    anchored[k] = closesOnAnchor ? 1 : 0;
  }
  return { count, starts: Float64Array.from(starts), sources, anchored };
}

/** Mono search signal, decimated copy and their energy prefix sums, over the input extended by `margin` each side. */
function searchSignals(inputs: readonly Float32Array[], inLength: number, margin: number, overlap: number, tolerance: number): SearchSignals {
  const extended = inLength + 2 * margin;
  const mono = new Float32Array(extended);
  const channelCount = inputs.length;
  // One period of the search signal: the mid, or for side-only material (L = -R, which would vanish
  // from the mid) the first channel alone. Written at `margin`, then wrapped into the margins.
  const period = mono.subarray(margin, margin + inLength);
  if (channelCount === 2) {
    const [l, r] = inputs;
    let mid = 0;
    let total = 0;
    for (let i = 0; i < inLength; i++) {
      const a = l[i];
      const b = r[i];
      const m = 0.5 * (a + b);
      period[i] = m;
      mid += m * m;
      total += 0.5 * (a * a + b * b);
    }
    if (mid < 0.25 * total) period.set(l.subarray(0, inLength));
  } else {
    const weight = 1 / channelCount;
    for (const x of inputs) for (let i = 0; i < inLength; i++) period[i] += weight * x[i];
  }
  for (let i = margin - 1, from = inLength - 1; i >= 0; i--, from--) {
    if (from < 0) from += inLength;
    mono[i] = period[from];
  }
  for (let i = margin + inLength, from = 0; i < extended; i++, from++) {
    if (from === inLength) from = 0;
    mono[i] = period[from];
  }
  // Box filter and decimation in one, written out for DECIMATION = 8.
  const decimated = new Float32Array(Math.floor(extended / DECIMATION));
  for (let m = 0, i = 0; m < decimated.length; m++, i += DECIMATION) {
    decimated[m] = mono[i] + mono[i + 1] + mono[i + 2] + mono[i + 3] + mono[i + 4] + mono[i + 5] + mono[i + 6] + mono[i + 7];
  }
  return { mono, monoEnergy: prefixEnergy(mono), decimated, decimatedEnergy: prefixEnergy(decimated), margin, period: inLength, overlap, tolerance };
}

function prefixEnergy(x: Float32Array): Float64Array {
  const sums = new Float64Array(x.length + 1);
  let sum = 0;
  for (let i = 0; i < x.length; i++) {
    sum += x[i] * x[i];
    sums[i + 1] = sum;
  }
  return sums;
}

/**
 * Among input positions in [lo, hi], the one whose next `overlap` frames best match (normalised
 * cross-correlation) the `overlap` frames at `reference`, mildly preferring positions near
 * `preferred`. For a joint the candidates are starts of the next segment and the reference is the
 * previous segment's continuation; for the closure, the candidates are ends of the last segment and
 * the reference is segment 0's start one period on.
 */
function search(s: SearchSignals, reference: number, lo: number, hi: number, preferred: number, closure = false): number {
  // Plans run past the end of the loop (a circle starting at an anchor goes round once from there):
  // bring the search into the first lap, which the extended signal covers, and back.
  const lap = Math.floor(preferred / s.period) * s.period;
  if (lap !== 0) return lap + search(s, reference - lap, lo - lap, hi - lap, preferred - lap, closure);
  const { decimated, decimatedEnergy, margin, overlap, tolerance } = s;
  if (hi <= lo) return Math.round(preferred < lo ? lo : preferred > hi ? hi : preferred);
  const refIndex = reference + margin;
  const refEnergy = s.monoEnergy[refIndex + overlap] - s.monoEnergy[refIndex];
  // Silence (or near it) has nothing to align: keep the nominal position.
  if (!(refEnergy > 1e-9 * overlap)) return Math.round(preferred);
  if (closure) return nearestTopMatch(s, refIndex, refEnergy, lo + margin, hi + margin, preferred + margin) - margin;
  const biasScale = NEARNESS_BIAS / (tolerance * tolerance);

  // Coarse: decimated candidates aligned with the reference's phase within a decimation step.
  const refCoarse = Math.floor(refIndex / DECIMATION);
  const offset = refIndex - refCoarse * DECIMATION;
  const coarseLength = overlap / DECIMATION;
  const refCoarseEnergy = decimatedEnergy[refCoarse + coarseLength] - decimatedEnergy[refCoarse];
  const first = Math.ceil((lo + margin - offset) / DECIMATION);
  const last = Math.floor((hi + margin - offset) / DECIMATION);
  if (last < first) return Math.round(preferred);
  let best = first;
  let bestScore = -Infinity;
  for (let m = first; m <= last; m++) {
    // Two partial sums: independent chains overlap in the CPU.
    let dot0 = 0;
    let dot1 = 0;
    for (let j = 0; j < coarseLength; j += 2) {
      dot0 += decimated[refCoarse + j] * decimated[m + j];
      dot1 += decimated[refCoarse + j + 1] * decimated[m + j + 1];
    }
    const energy = decimatedEnergy[m + coarseLength] - decimatedEnergy[m];
    const distance = m * DECIMATION + offset - margin - preferred;
    const score = (dot0 + dot1) / Math.sqrt(refCoarseEnergy * energy + 1e-20) - biasScale * distance * distance;
    if (score > bestScore) {
      bestScore = score;
      best = m;
    }
  }
  return refineAt(s, refIndex, refEnergy, best * DECIMATION + offset, lo + margin, hi + margin, preferred + margin, biasScale) - margin;
}

/** Normalised cross-correlation of the `overlap` frames at extended index `p` with the reference. */
function ncc(s: SearchSignals, refIndex: number, refEnergy: number, p: number): number {
  const { mono, monoEnergy, overlap } = s;
  let dot0 = 0;
  let dot1 = 0;
  for (let j = 0; j < overlap; j += 2) {
    dot0 += mono[refIndex + j] * mono[p + j];
    dot1 += mono[refIndex + j + 1] * mono[p + j + 1];
  }
  return (dot0 + dot1) / Math.sqrt(refEnergy * (monoEnergy[p + overlap] - monoEnergy[p]) + 1e-20);
}

let closureScratch = new Float64Array(4096);

/**
 * The closure's search: every position in [lo, hi] at full rate (one search per loop, ~0.5 ms), then
 * the local maximum nearest `preferred` among those within NEAR_TIE of the best. The distance is a
 * pitch error of the whole loop, and whole-frame positions cost a tone up to half a frame of phase
 * (an NCC of 0.9975 at 1 kHz), which would otherwise let a match several periods away win.
 */
function nearestTopMatch(s: SearchSignals, refIndex: number, refEnergy: number, lo: number, hi: number, preferred: number): number {
  const count = hi - lo + 1;
  if (closureScratch.length < count) closureScratch = new Float64Array(count);
  const scores = closureScratch;
  let top = -Infinity;
  for (let i = 0; i < count; i++) {
    scores[i] = ncc(s, refIndex, refEnergy, lo + i);
    top = Math.max(top, scores[i]);
  }
  let chosen = Math.round(preferred);
  let distance = Infinity;
  for (let i = 0; i < count; i++) {
    const v = scores[i];
    if (v < top - NEAR_TIE || (i > 0 && scores[i - 1] > v) || (i + 1 < count && scores[i + 1] > v)) continue;
    const d = Math.abs(lo + i - preferred);
    if (d < distance) {
      distance = d;
      chosen = lo + i;
    }
  }
  return chosen;
}

/** Full-rate search within a decimation step of `centre` (extended-signal indices), clamped to [lo, hi]: the best position. */
function refineAt(
  s: SearchSignals, refIndex: number, refEnergy: number, centre: number, lo: number, hi: number, preferred: number, biasScale: number,
): number {
  const from = Math.max(lo, centre - DECIMATION + 1);
  const to = Math.min(hi, centre + DECIMATION - 1);
  let bestScore = -Infinity;
  let position = Math.min(hi, Math.max(lo, centre));
  for (let p = from; p <= to; p++) {
    const distance = p - preferred;
    const score = ncc(s, refIndex, refEnergy, p) - biasScale * distance * distance;
    if (score > bestScore) {
      bestScore = score;
      position = p;
    }
  }
  return position;
}

/** Writes one channel's circle: straight copies between joints, crossfades at each joint (the first one wraps). */
function renderCircle(x: Float32Array, inLength: number, plan: SegmentPlan, closingEnd: number, overlap: number, length: number): Float32Array {
  const out = new Float32Array(length);
  const fade = raisedCosineFadeIn(overlap);
  const { count, starts, sources } = plan;
  const origin = starts[0];
  const wrap = (p: number): number => ((p % inLength) + inLength) % inLength;
  for (let k = 0; k < count; k++) {
    const start = starts[k] - origin;
    const end = starts[k + 1] - origin;
    // Crossfade from the previous segment's continuation (for k = 0, the closing segment's end).
    let incoming = wrap(sources[k]);
    let outgoing = wrap(k === 0 ? closingEnd : sources[k - 1] + (starts[k] - starts[k - 1]));
    for (let j = 0; j < overlap; j++) {
      const f = fade[j];
      out[start + j] = x[outgoing] + f * (x[incoming] - x[outgoing]);
      if (++incoming === inLength) incoming = 0;
      if (++outgoing === inLength) outgoing = 0;
    }
    for (let t = start + overlap; t < end; t++) {
      out[t] = x[incoming];
      if (++incoming === inLength) incoming = 0;
    }
  }
  return out;
}
