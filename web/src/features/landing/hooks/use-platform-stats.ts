import { useQuery } from '@apollo/client/react';
import { PlatformStatsDocument } from '../../../generated/graphql';

/** The landing page's live figures (producers, beats this month); null until known or when they cannot be read. */
export function usePlatformStats() {
  const { data } = useQuery(PlatformStatsDocument, { fetchPolicy: 'cache-and-network' });
  return data?.platformStats ?? null;
}
