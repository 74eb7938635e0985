import { useQuery } from '@apollo/client/react';
import { MyBeatsDocument } from '../../../generated/graphql';

/** The signed-in user's beats, newest first, at most 200 (the api's order and cap, requirements §L9). */
export function useMyBeats() {
  // A beat made a moment ago on the generator must show: ask the api every time the list mounts.
  return useQuery(MyBeatsDocument, { fetchPolicy: 'cache-and-network' });
}
