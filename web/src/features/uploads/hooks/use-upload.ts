import { useCallback, useState } from 'react';
import { useMutation } from '@apollo/client/react';
import {
  UploadDrumSamplesDocument,
  UploadMelodySamplesDocument,
  type UploadDrumSamplesMutationVariables,
  type UploadMelodySamplesMutationVariables,
} from '../../../generated/graphql';
import { describeUploadFailure } from '../upload-failure';
import { UPLOAD_TEXTS } from '../upload-messages';

/** What the page shows after an upload: the spec's text and, for a refused file, the api's reason. */
export interface UploadOutcome {
  readonly ok: boolean;
  readonly text: string;
  readonly detail: string | null;
  /** Refused because the user is not a producer: the result links to /choice. */
  readonly notProducer?: boolean;
}

/**
 * Idle, then uploading, then a success or an error (requirements §P4 "Upload"); the uploading flag is
 * cleared either way.
 */
function useUploadState<V>(kind: 'melody' | 'drum', send: (variables: V) => Promise<unknown>) {
  const [uploading, setUploading] = useState(false);
  const upload = useCallback(
    async (variables: V): Promise<UploadOutcome> => {
      setUploading(true);
      try {
        await send(variables);
        return { ok: true, text: kind === 'melody' ? UPLOAD_TEXTS.melodyDone : UPLOAD_TEXTS.drumDone, detail: null };
      } catch (error) {
        console.error(`The ${kind} upload failed.`, error);
        return { ok: false, ...describeUploadFailure(kind, error) };
      } finally {
        setUploading(false);
      }
    },
    [kind, send],
  );
  return { upload, uploading };
}

/** Sends one melody composition (uploadMelodySamples, a GraphQL multipart request). */
export function useUploadMelody() {
  const [mutate] = useMutation(UploadMelodySamplesDocument);
  const send = useCallback((variables: UploadMelodySamplesMutationVariables) => mutate({ variables }), [mutate]);
  return useUploadState('melody', send);
}

/** Sends drum loops, one entry per file (uploadDrumSamples, a GraphQL multipart request). */
export function useUploadDrums() {
  const [mutate] = useMutation(UploadDrumSamplesDocument);
  const send = useCallback((variables: UploadDrumSamplesMutationVariables) => mutate({ variables }), [mutate]);
  return useUploadState('drum', send);
}
