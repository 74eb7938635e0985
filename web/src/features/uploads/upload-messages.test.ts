import { describe, expect, it } from 'vitest';
import { uploadErrorText } from './upload-messages';

describe('uploadErrorText', () => {
  it.each([[401, null], [403, null], [null, 'UNAUTHENTICATED'], [null, 'FORBIDDEN']])('%s %s is unauthorized', (status, code) => {
    expect(uploadErrorText('melody', status, code)).toBe('Unauthorized access. Please log in again.');
  });
  it('other failures name the kind', () => {
    expect(uploadErrorText('melody', 500, null)).toBe('Failed to upload files. Please try again.');
    expect(uploadErrorText('drum', null, 'BAD_USER_INPUT')).toBe('Failed to upload drum samples. Please try again.');
  });
});
