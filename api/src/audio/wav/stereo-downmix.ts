/** WAVE_FORMAT_EXTENSIBLE speaker bits, in channel order. */
const SPEAKER = {
  FL: 0x1, FR: 0x2, FC: 0x4, LFE: 0x8, BL: 0x10, BR: 0x20, FLC: 0x40, FRC: 0x80, BC: 0x100, SL: 0x200, SR: 0x400,
  TC: 0x800, TFL: 0x1000, TFC: 0x2000, TFR: 0x4000, TBL: 0x8000, TBC: 0x10000, TBR: 0x20000,
} as const;

/** Layouts assumed when a file with more than two channels gives no mask (the usual DAW orders). */
const DEFAULT_MASKS: Record<number, number> = {
  3: SPEAKER.FL | SPEAKER.FR | SPEAKER.FC,
  4: SPEAKER.FL | SPEAKER.FR | SPEAKER.BL | SPEAKER.BR,
  5: SPEAKER.FL | SPEAKER.FR | SPEAKER.FC | SPEAKER.BL | SPEAKER.BR,
  6: SPEAKER.FL | SPEAKER.FR | SPEAKER.FC | SPEAKER.LFE | SPEAKER.BL | SPEAKER.BR,
  7: SPEAKER.FL | SPEAKER.FR | SPEAKER.FC | SPEAKER.LFE | SPEAKER.BC | SPEAKER.SL | SPEAKER.SR,
  8: SPEAKER.FL | SPEAKER.FR | SPEAKER.FC | SPEAKER.LFE | SPEAKER.BL | SPEAKER.BR | SPEAKER.SL | SPEAKER.SR,
};

const LEFT = SPEAKER.FL | SPEAKER.FLC | SPEAKER.BL | SPEAKER.SL | SPEAKER.TFL | SPEAKER.TBL;
const RIGHT = SPEAKER.FR | SPEAKER.FRC | SPEAKER.BR | SPEAKER.SR | SPEAKER.TFR | SPEAKER.TBR;
const FRONT_PAIR = SPEAKER.FL | SPEAKER.FR;

/**
 * Left and right gains for each source channel when folding `channels` channels to stereo: front
 * left/right at unity, centres and the other side pairs at -3 dB (ITU-R BS.775), LFE dropped as that
 * standard does. Channels the mask does not place (or beyond its bits) are spread to both sides at
 * -3 dB, so that nothing the producer recorded disappears.
 */
export function stereoDownmixGains(channels: number, channelMask = 0): { left: Float32Array; right: Float32Array } {
  const left = new Float32Array(channels);
  const right = new Float32Array(channels);
  let mask = channelMask || DEFAULT_MASKS[channels] || 0;
  for (let c = 0; c < channels; c++) {
    // The c-th channel takes the c-th set bit of the mask.
    const bit = mask & -mask;
    mask &= mask - 1;
    if (bit === 0) {
      left[c] = Math.SQRT1_2;
      right[c] = Math.SQRT1_2;
    } else if (bit === SPEAKER.LFE) {
      continue;
    } else if (bit & LEFT) {
      left[c] = bit & FRONT_PAIR ? 1 : Math.SQRT1_2;
    } else if (bit & RIGHT) {
      right[c] = bit & FRONT_PAIR ? 1 : Math.SQRT1_2;
    } else {
      left[c] = Math.SQRT1_2;
      right[c] = Math.SQRT1_2;
    }
  }
  return { left, right };
}
