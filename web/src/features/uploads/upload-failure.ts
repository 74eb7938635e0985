import { ServerError } from '@apollo/client/errors';
import { graphQLFailure } from '../../app/apollo/graphql-error';
import { uploadErrorText } from './upload-messages';

export interface UploadFailure {
  /** The spec's text (spec 2 §8). */
  readonly text: string;
  /** The api's reason when it refused the request's content (it names the file), else null. */
  readonly detail: string | null;
}

/** What the page says about a failed upload mutation, whichever way the failure arrived. */
export function describeUploadFailure(kind: 'melody' | 'drum', error: unknown): UploadFailure {
  const status = ServerError.is(error) ? error.statusCode : null;
  const failure = graphQLFailure(error);
  const code = failure?.code ?? null;
  return {
    text: uploadErrorText(kind, status, code),
    detail: code === 'BAD_USER_INPUT' && failure ? failure.message : null,
  };
}
