import { useCallback, useRef } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { graphQLFailure } from '../../../app/apollo/graphql-error';
import { RecordSharedBeatPlayDocument, SharedBeatDocument } from '../../../generated/graphql';

/**
 * A shared beat for its public page, and the play report: the first start of playback on this page
 * reports one play (the api counts one per listener per day).
 */
export function useSharedBeat(shareId: string) {
  const query = useQuery(SharedBeatDocument, { variables: { shareId }, fetchPolicy: 'network-only' });
  const [record] = useMutation(RecordSharedBeatPlayDocument);
  const reported = useRef(false);
  const onPlay = useCallback(() => {
    if (reported.current) return;
    reported.current = true;
    record({ variables: { shareId } }).catch((error: unknown) => console.error('The play could not be reported.', error));
  }, [record, shareId]);
  const failure = graphQLFailure(query.error);
  return {
    beat: query.data?.sharedBeat ?? null,
    loading: query.loading,
    notFound: failure?.code === 'NOT_FOUND' || failure?.code === 'BAD_USER_INPUT',
    error: failure && failure.code !== 'NOT_FOUND' && failure.code !== 'BAD_USER_INPUT' ? failure.message : null,
    onPlay,
  };
}
