import { useMutation, useQuery } from '@apollo/client/react';
import { graphQLFailure } from '../../../app/apollo/graphql-error';
import { BeatShareDocument, ShareBeatDocument, UnshareBeatDocument } from '../../../generated/graphql';

/** The owner's share of one beat: its link and plays, and share / stop sharing. */
export function useBeatShare(beatId: string) {
  const query = useQuery(BeatShareDocument, { variables: { beatId }, fetchPolicy: 'cache-and-network' });
  const [shareMutation, shareState] = useMutation(ShareBeatDocument, {
    update(cache, { data }) {
      if (data) cache.writeQuery({ query: BeatShareDocument, variables: { beatId }, data: { beatShare: data.shareBeat } });
    },
  });
  const [unshareMutation, unshareState] = useMutation(UnshareBeatDocument, {
    update(cache) {
      cache.writeQuery({ query: BeatShareDocument, variables: { beatId }, data: { beatShare: null } });
    },
  });
  const failure = graphQLFailure(shareState.error ?? unshareState.error ?? query.error);
  return {
    share: query.data?.beatShare ?? null,
    loading: query.loading && !query.data,
    busy: shareState.loading || unshareState.loading,
    error: failure?.message ?? null,
    start: () => shareMutation({ variables: { beatId } }).catch(() => undefined),
    stop: () => unshareMutation({ variables: { beatId } }).catch(() => undefined),
  };
}
