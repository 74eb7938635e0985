import { useMutation } from '@apollo/client/react';
import { MyProducerDocument, ProducerSignupDocument, type ProducerSignupInput } from '../../../generated/graphql';

/** POST /prod-signup as a mutation: becomes a producer and answers where the browser goes next. */
export function useProducerSignup() {
  const [mutate, { loading }] = useMutation(ProducerSignupDocument, { refetchQueries: [MyProducerDocument] });
  const signup = async (input: ProducerSignupInput) => {
    const result = await mutate({ variables: { input } });
    return result.data!.producerSignup;
  };
  return { signup, signingUp: loading };
}
