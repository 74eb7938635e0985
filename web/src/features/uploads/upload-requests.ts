import type { DrumUploadEntryInput, MelodyUploadInput } from '../../generated/graphql';
import { isEightOhEight, isRowComplete, type DrumRow } from './drum-rows';
import type { MelodyFormState } from './melody-form-rules';

/** The variables of uploadMelodySamples for a complete melody form. */
export function melodyUploadVariables(state: MelodyFormState & { files: readonly File[] }): { files: File[]; input: MelodyUploadInput } {
  return {
    files: [...state.files],
    input: {
      artists: [...state.artists],
      instruments: [...state.instruments],
      genres: [...state.genres],
      moods: [...state.moods],
      tempoStyles: [...state.tempoStyle],
      bpm: Number(state.bpm),
      key: state.key,
      mode: state.mode,
    },
  };
}

export interface DrumUploadRequest {
  /** The rows sent: the complete ones. */
  readonly rowIds: ReadonlySet<number>;
  readonly files: File[];
  readonly entries: DrumUploadEntryInput[];
}

/** The variables of uploadDrumSamples: one entry per complete row, key and mode only for 808s. */
export function drumUploadRequest(rows: readonly DrumRow[]): DrumUploadRequest {
  const complete = rows.filter(isRowComplete);
  return {
    rowIds: new Set(complete.map((row) => row.id)),
    files: complete.map((row) => row.file!),
    entries: complete.map((row, fileIndex) => ({
      fileIndex,
      drumType: row.drumType,
      genres: [...row.genres],
      artists: [...row.artists],
      instruments: [...row.instruments],
      moods: [...row.moods],
      tempoStyles: [...row.tempoStyle],
      bpm: Number(row.bpm),
      key: isEightOhEight(row) ? row.key : null,
      mode: isEightOhEight(row) ? row.mode : null,
    })),
  };
}
