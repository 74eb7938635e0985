import { ServerError } from '@apollo/client/errors';
import { graphQLFailure } from '../../app/apollo/graphql-error';
import { uploadErrorText } from './upload-messages';

export interface UploadFailure {
  /** The spec's text (requirements §P8). */
  readonly text: string;
  /** The api's reason when it refused the request's content (it names the file), else null. */
  readonly detail: string | null;
  /** The api refused the upload because the user is not a producer: the page points to /choice. */
  readonly notProducer?: boolean;
}

/** What the page says about a failed upload mutation, whichever way the failure arrived. */
export function describeUploadFailure(kind: 'melody' | 'drum', error: unknown): UploadFailure {
  const status = ServerError.is(error) ? error.statusCode : null;
  const failure = graphQLFailure(error);
  const code = failure?.code ?? null;
  // Not a producer: the api's own words say what to do, so they replace the generic 403 text.
  if (code === 'FORBIDDEN' && failure?.reason === 'NOT_A_PRODUCER') return { text: failure.message, detail: null, notProducer: true };
  return {
    text: uploadErrorText(kind, status, code),
    detail: code === 'BAD_USER_INPUT' && failure ? failure.message : null,
  };
}
