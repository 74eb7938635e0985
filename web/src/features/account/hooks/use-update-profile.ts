import { useCallback } from 'react';
import { useMutation } from '@apollo/client/react';
import { UpdateProfileDocument, type UpdateProfileInput } from '../../../generated/graphql';

/**
 * Saves profile fields and, optionally, a new picture (sent as a GraphQL multipart upload). The
 * answer is the whole User, which the cache merges into `me`, so the header follows.
 */
export function useUpdateProfile() {
  const [mutate, state] = useMutation(UpdateProfileDocument);
  const updateProfile = useCallback(
    (input: UpdateProfileInput, image: File | null) => mutate({ variables: { input, image } }),
    [mutate],
  );
  return [updateProfile, state] as const;
}
