import { describe, expect, it } from 'vitest';
import { generationErrorMessage, reloadsAfter } from './generation-errors';

describe('generationErrorMessage', () => {
  it('uses the spec texts for timeouts of each action', () => {
    expect(generationErrorMessage('generate', { kind: 'timeout' })).toBe('Generation timed out. Please try again.');
    expect(generationErrorMessage('full', { kind: 'timeout' })).toBe('Request timed out after 5 minutes. Please try again.');
  });

  it('shows an insufficient-credits message as is', () => {
    const message = 'Insufficient credits: you need 1 token';
    expect(generationErrorMessage('generate', { kind: 'server', code: 'INTERNAL_SERVER_ERROR', message })).toBe(message);
  });

  it('hides unknown server text behind the action fallback', () => {
    const failure = { kind: 'server', code: 'INTERNAL_SERVER_ERROR', message: 'stack trace' } as const;
    expect(generationErrorMessage('generate', failure)).toBe('Failed to generate beat. Please try again.');
    expect(generationErrorMessage('regenerate', failure)).toBe('Failed to regenerate beat. Please try again.');
    expect(generationErrorMessage('full', failure)).toBe('Failed to create full beat. Please try again.');
    expect(generationErrorMessage('full', failure, { fromJob: true })).toBe('stack trace');
  });

  it('uses the full-beat error text when a failed job has no message', () => {
    expect(generationErrorMessage('full', { kind: 'server', code: null, message: null }, { fromJob: true })).toBe(
      'An error occurred during full beat generation.',
    );
  });

  it('reloads only after a timeout or a disconnect', () => {
    expect(reloadsAfter({ kind: 'timeout' })).toBe(true);
    expect(reloadsAfter({ kind: 'disconnected' })).toBe(true);
    expect(reloadsAfter({ kind: 'network' })).toBe(false);
  });
});
