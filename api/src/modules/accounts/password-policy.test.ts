import { COMMON_PASSWORD, PERSONAL_PASSWORD, commonPasswords, passwordProblem } from './password-policy';

const account = { email: 'mia.beats@example.com', username: 'MiaBeats' };

describe('password policy', () => {
  it('ships the 10,000 most common passwords of at least 8 characters', () => {
    const list = commonPasswords();
    expect(list.size).toBe(10_000);
    for (const password of list) expect(password.length).toBeGreaterThanOrEqual(8);
    expect(list.has('12345678')).toBe(true);
  });

  it('refuses common passwords whatever their case', () => {
    for (const password of ['12345678', 'password', 'Password1', 'QWERTYUIOP', 'iloveyou', 'sunshine']) {
      expect(passwordProblem(password, account)).toBe(COMMON_PASSWORD);
    }
  });

  it("refuses the account's own email, username or mailbox name", () => {
    expect(passwordProblem('mia.beats@example.com', account)).toBe(PERSONAL_PASSWORD);
    expect(passwordProblem('miabeats', account)).toBe(PERSONAL_PASSWORD);
    expect(passwordProblem('MIA.BEATS', account)).toBe(PERSONAL_PASSWORD);
  });

  it('accepts a password that is neither', () => {
    expect(passwordProblem('violet-harbour-41', account)).toBeNull();
    expect(passwordProblem('pw-3f9a1c2e7d', account)).toBeNull();
  });
});
