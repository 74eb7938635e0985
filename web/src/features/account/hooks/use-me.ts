import { useQuery } from '@apollo/client/react';
import { MeDocument } from '../../../generated/graphql';

interface UseMeOptions {
  readonly skip?: boolean;
  /** The account page fills its form from a fresh answer; the header is happy with the cache. */
  readonly fetchPolicy?: 'cache-first' | 'network-only';
}

/** The signed-in user. Every screen reads the same cached `me`, so a refetch or a save updates them all. */
export function useMe({ skip = false, fetchPolicy = 'cache-first' }: UseMeOptions = {}) {
  return useQuery(MeDocument, { skip, fetchPolicy });
}
