import { useQuery } from '@apollo/client/react';
import { DatasetGenresDocument } from '../../../generated/graphql';

/** Our Dataset's genre shares, computed by the api from the catalogue as it is now. */
export function useDatasetGenres() {
  const { data, loading, error, refetch } = useQuery(DatasetGenresDocument, { fetchPolicy: 'cache-and-network' });
  return { dataset: data?.datasetGenres ?? null, loading, error, refetch };
}
