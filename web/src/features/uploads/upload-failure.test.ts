import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';
import { describe, expect, it } from 'vitest';
import { describeUploadFailure } from './upload-failure';

const serverError = (status: number, body: unknown) =>
  new ServerError('Response not successful', { response: new Response(null, { status }), bodyText: JSON.stringify(body) });
const graphqlErrors = (message: string, code: string) =>
  new CombinedGraphQLErrors({ data: null, errors: [{ message, extensions: { code } }] });

describe('describeUploadFailure', () => {
  it.each([401, 403])('HTTP %d is unauthorized', (status) => {
    expect(describeUploadFailure('drum', serverError(status, { error: 'no' }))).toEqual({
      text: 'Unauthorized access. Please log in again.', detail: null,
    });
  });

  it('a GraphQL UNAUTHENTICATED or FORBIDDEN answer is unauthorized', () => {
    expect(describeUploadFailure('melody', graphqlErrors('You must be signed in.', 'UNAUTHENTICATED')).text).toBe('Unauthorized access. Please log in again.');
    expect(describeUploadFailure('melody', graphqlErrors('No.', 'FORBIDDEN')).text).toBe('Unauthorized access. Please log in again.');
  });

  it("a user who is not a producer gets the api's words and a pointer to /choice", () => {
    const message = 'Only producers can do this. Become a producer first: Contribute, then Producer (/choice).';
    const refusal = new CombinedGraphQLErrors({ data: null, errors: [{ message, extensions: { code: 'FORBIDDEN', reason: 'NOT_A_PRODUCER' } }] });
    expect(describeUploadFailure('drum', refusal)).toEqual({ text: message, detail: null, notProducer: true });
    const rest = serverError(403, { errors: [{ message, extensions: { code: 'FORBIDDEN', reason: 'NOT_A_PRODUCER' } }] });
    expect(describeUploadFailure('melody', rest)).toEqual({ text: message, detail: null, notProducer: true });
  });

  it('a refused file keeps the api reason beside the spec text', () => {
    expect(describeUploadFailure('melody', graphqlErrors('"pad.wav" is not a WAV file.', 'BAD_USER_INPUT'))).toEqual({
      text: 'Failed to upload files. Please try again.', detail: '"pad.wav" is not a WAV file.',
    });
  });

  it('a server or network failure is the kind\'s failure text without detail', () => {
    expect(describeUploadFailure('drum', serverError(500, {}))).toEqual({ text: 'Failed to upload drum samples. Please try again.', detail: null });
    expect(describeUploadFailure('melody', new TypeError('Failed to fetch'))).toEqual({ text: 'Failed to upload files. Please try again.', detail: null });
  });
});
