import type { z } from 'zod';
import { badInput } from './errors';

/** Parses input at the edge; the first problem becomes a BAD_USER_INPUT error with a readable message. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue.path.join('.');
  const message = issue.code === 'unrecognized_keys' ? `Unknown field: ${issue.keys.join(', ')}.` : issue.message;
  throw badInput(message, field ? { field } : undefined);
}
