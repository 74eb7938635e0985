import { useQuery } from '@apollo/client/react';
import { MyEarningsChartsDocument } from '../../../generated/graphql';

/** The producer's charts over the last `months` months (this one included) and their loops' records. */
export function useEarningsCharts(months: number) {
  return useQuery(MyEarningsChartsDocument, { variables: { months }, fetchPolicy: 'cache-and-network' });
}
