/**
 * Text the api refuses anywhere (REST bodies, paths, query strings, form fields, GraphQL variables
 * and literals): control characters other than tab, line feed and carriage return (PostgreSQL
 * refuses NUL; the others have no place in a prompt, a name or an id), and lone UTF-16 surrogates
 * (not Unicode at all, so they cannot be stored or sent on as UTF-8).
 */
// eslint-disable-next-line no-control-regex -- finding control characters is this pattern's purpose
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export type UnsafeTextProblem = 'control character' | 'invalid Unicode';

export interface UnsafeText {
  /** Where it is: `prompt`, `input.fname`, `tags[2]`; empty for a bare string. */
  readonly path: string;
  readonly problem: UnsafeTextProblem;
}

export function textProblem(text: string): UnsafeTextProblem | null {
  if (CONTROL.test(text)) return 'control character';
  if (LONE_SURROGATE.test(text)) return 'invalid Unicode';
  return null;
}

const join = (path: string, key: string | number) =>
  typeof key === 'number' ? `${path}[${key}]` : path ? `${path}.${key}` : key;

/**
 * The first unsafe string in a value (strings, and the keys and values of arrays and plain
 * objects, at any depth). Iterative, so a deeply nested JSON body cannot overflow the stack.
 */
export function findUnsafeText(value: unknown): UnsafeText | null {
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length) {
    const [current, path] = stack.pop()!;
    if (typeof current === 'string') {
      const problem = textProblem(current);
      if (problem) return { path, problem };
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) stack.push([current[i], join(path, i)]);
    } else if (current !== null && typeof current === 'object' && !Buffer.isBuffer(current)) {
      for (const [key, child] of Object.entries(current)) {
        const keyProblem = textProblem(key);
        if (keyProblem) return { path: join(path, '?'), problem: keyProblem };
        stack.push([child, join(path, key)]);
      }
    }
  }
  return null;
}

/** `The field "prompt" contains a control character; ...` (`noun` names the kind of place). */
export function unsafeTextMessage({ path, problem }: UnsafeText, noun = 'field'): string {
  const place = path ? `The ${noun} "${path}"` : `The ${noun}`;
  return problem === 'control character'
    ? `${place} contains a control character; only tabs and line breaks are allowed.`
    : `${place} is not valid Unicode text.`;
}
