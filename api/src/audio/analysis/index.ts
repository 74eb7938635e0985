/** Audio analysis: what the upload service and the renderer measure. Pure functions over AudioData. */
export { analyzeAudio, type AnalyzeAudioOptions, type AudioAnalysis } from './audio-analysis';
export { estimateKey, keyScores, pitchClassProfile, type KeyEstimate, type PitchClassProfile } from './key-estimator';
export { gatingBlockEnergies, integratedLoudness, kWeightingFilters } from './loudness';
export { detectOnsets, type Onset, type OnsetOptions } from './onsets';
export { PITCH_CLASS_NAMES, type KeyMode, type PitchClassName } from './pitch-class';
export { samplePeakDb, samplePeakLinear } from './sample-peak';
export { spectralFlux, type SpectralFlux, type SpectralFluxOptions } from './spectral-flux';
export { estimateTempo, type TempoEstimate, type TempoOptions } from './tempo-estimator';
export { truePeakDb, truePeakLinear } from './true-peak';
export { MAX_PEAK_BUCKETS, waveformPeaks, type WaveformPeaksOptions } from './waveform-peaks';
export { LANDMARK_FRAME_SECONDS, LANDMARK_HOP, LANDMARK_SAMPLE_RATE, LandmarkExtractor, landmarkHash, landmarksOf, type Landmarks } from './landmarks';
