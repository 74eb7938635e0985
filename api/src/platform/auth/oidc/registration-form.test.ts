import { parseRegistrationForm } from './registration-form';

const valid = { email: ' Mia@Example.com ', username: 'mia.beats-1', password: 'longenough', confirmPassword: 'longenough' };

describe('parseRegistrationForm', () => {
  it('accepts a valid form, trimming and lower-casing the email', () => {
    expect(parseRegistrationForm(valid)).toEqual({
      ok: true,
      value: { email: 'mia@example.com', username: 'mia.beats-1', password: 'longenough' },
    });
  });

  it.each([
    [{ email: 'nope' }, 'email', 'Enter a valid email address.'],
    [{ email: `${'a'.repeat(250)}@x.io` }, 'email', 'Email is too long.'],
    [{ username: 'ab' }, 'username', 'Username must be 3 to 30 letters, digits, dots, dashes or underscores.'],
    [{ username: 'a'.repeat(31) }, 'username', 'Username must be 3 to 30 letters, digits, dots, dashes or underscores.'],
    [{ username: 'no spaces' }, 'username', 'Username must be 3 to 30 letters, digits, dots, dashes or underscores.'],
    [{ password: 'short', confirmPassword: 'short' }, 'password', 'Password must be at least 8 characters.'],
    [{ password: 'p'.repeat(129), confirmPassword: 'p'.repeat(129) }, 'password', 'Password must be at most 128 characters.'],
    [{ confirmPassword: 'longenougH' }, 'confirmPassword', 'Passwords do not match.'],
  ])('rejects %o with a message on %s', (change, field, message) => {
    const result = parseRegistrationForm({ ...valid, ...change });
    expect(result).toEqual({ ok: false, fieldErrors: { [field]: message } });
  });

  it('treats missing or repeated fields as empty text', () => {
    const result = parseRegistrationForm({ email: ['a@b.co', 'c@d.co'], username: undefined });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(Object.keys(result.fieldErrors).sort()).toEqual(['email', 'password', 'username']);
  });
});
