import { useMutation, useQuery } from '@apollo/client/react';
import {
  MyCompositionsDocument,
  MyDrumLoopsDocument,
  UpdateCompositionTagsDocument,
  UpdateDrumLoopTagsDocument,
  WithdrawCompositionDocument,
  WithdrawDrumLoopDocument,
  type SampleTagsInput,
} from '../../../generated/graphql';

export type UploadKind = 'composition' | 'drum';

/** One page of the producer's compositions and of their drum loops (20 a page, newest first). */
export function useMyUploads(compositionPage: number, drumPage: number) {
  const compositions = useQuery(MyCompositionsDocument, { variables: { page: compositionPage }, fetchPolicy: 'cache-and-network' });
  const drumLoops = useQuery(MyDrumLoopsDocument, { variables: { page: drumPage }, fetchPolicy: 'cache-and-network' });
  return { compositions, drumLoops };
}

/** Edits the tags of one upload and withdraws one; a withdrawal refetches both lists (it leaves the page). */
export function useMyUploadActions() {
  const refetchQueries = [MyCompositionsDocument, MyDrumLoopsDocument];
  const [compositionTags] = useMutation(UpdateCompositionTagsDocument);
  const [drumTags] = useMutation(UpdateDrumLoopTagsDocument);
  const [withdrawComposition] = useMutation(WithdrawCompositionDocument, { refetchQueries, awaitRefetchQueries: true });
  const [withdrawDrum] = useMutation(WithdrawDrumLoopDocument, { refetchQueries, awaitRefetchQueries: true });
  return {
    updateTags: async (kind: UploadKind, id: string, tags: SampleTagsInput) => {
      if (kind === 'composition') await compositionTags({ variables: { id, tags } });
      else await drumTags({ variables: { id, tags } });
    },
    withdraw: async (kind: UploadKind, id: string) => {
      if (kind === 'composition') await withdrawComposition({ variables: { id } });
      else await withdrawDrum({ variables: { id } });
    },
  };
}
