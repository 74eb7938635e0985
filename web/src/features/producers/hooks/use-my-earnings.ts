import { useQuery } from '@apollo/client/react';
import { MyEarningsDocument } from '../../../generated/graphql';

/** The producer's earnings: totals, one page of orders (20 a page, newest first) and their loops' use. */
export function useMyEarnings(page: number) {
  return useQuery(MyEarningsDocument, { variables: { page }, fetchPolicy: 'cache-and-network' });
}
