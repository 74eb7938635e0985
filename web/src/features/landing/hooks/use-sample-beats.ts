import { useEffect } from 'react';
import { useQuery } from '@apollo/client/react';
import { SampleBeatsDocument, type SampleBeatsQuery } from '../../../generated/graphql';

export type SampleBeat = SampleBeatsQuery['sampleBeats'][number];

/** How many sample beats the landing page shows (requirements §L2). */
export const SAMPLE_BEAT_COUNT = 4;
/** While the api is still rendering them, look again this often. */
export const SAMPLE_BEATS_POLL_MS = 15_000;

/** The landing page's sample beats, rendered by the api from the catalogue (fewer than four until they are ready). */
export function useSampleBeats() {
  const { data, loading, error, startPolling, stopPolling } = useQuery(SampleBeatsDocument, { fetchPolicy: 'cache-and-network' });
  const beats = data?.sampleBeats ?? [];
  const waiting = Boolean(data) && beats.length < SAMPLE_BEAT_COUNT;
  useEffect(() => {
    if (!waiting) return undefined;
    startPolling(SAMPLE_BEATS_POLL_MS);
    return () => stopPolling();
  }, [waiting, startPolling, stopPolling]);
  return { beats: beats.slice(0, SAMPLE_BEAT_COUNT), loading: loading && !data, error };
}
