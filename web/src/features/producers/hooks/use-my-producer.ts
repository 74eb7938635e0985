import { useQuery } from '@apollo/client/react';
import { MyProducerDocument } from '../../../generated/graphql';

/** The signed-in user's producer record, prices and terms; `myProducer` is null for a user who is not a producer. */
export function useMyProducer({ fetchPolicy = 'cache-first' }: { readonly fetchPolicy?: 'cache-first' | 'network-only' } = {}) {
  return useQuery(MyProducerDocument, { fetchPolicy });
}
