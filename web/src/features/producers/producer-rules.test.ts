import { parsePrice, parsePrices, centsToInput } from './pricing-rules';
import { EMPTY_SIGNUP, isAtLeast, validateSignup } from './signup-rules';

const today = new Date(Date.UTC(2026, 10, 25));
const valid = { ...EMPTY_SIGNUP, firstName: 'Dana', lastName: 'Moss', email: 'dana@example.com', birthDate: '1990-04-12', producerName: 'DJ Dana' };

describe('signup rules (requirements §P5)', () => {
  it('accepts a complete form; PRO, PRO ID and royalties info are optional', () => {
    expect(validateSignup(valid, 18, today)).toEqual({});
  });

  it('requires first name, last name, email, birth date and producer name', () => {
    expect(Object.keys(validateSignup(EMPTY_SIGNUP, 18, today)).sort()).toEqual(['birthDate', 'email', 'firstName', 'lastName', 'producerName']);
  });

  it("names are letters only, with the spec's texts (letters of any script pass)", () => {
    expect(validateSignup({ ...valid, firstName: 'Dana1' }, 18, today).firstName).toBe('First name should only contain letters');
    expect(validateSignup({ ...valid, lastName: 'Moss-Smith' }, 18, today).lastName).toBe('Last name should only contain letters');
    expect(validateSignup({ ...valid, firstName: 'Zoë', lastName: 'Ødegård' }, 18, today)).toEqual({});
  });

  it('is 18 on the birthday, not the day before', () => {
    expect(isAtLeast('2008-11-25', 18, today)).toBe(true);
    expect(isAtLeast('2008-11-26', 18, today)).toBe(false);
    expect(validateSignup({ ...valid, birthDate: '2008-11-26' }, 18, today).birthDate).toBe('You must be at least 18 years old');
  });
});

describe('price rules', () => {
  it('turns dollars into cents', () => {
    expect(parsePrice('Standard lease', '29.99')).toEqual({ cents: 2999 });
    expect(parsePrice('Standard lease', '$1,000')).toEqual({ cents: 100000 });
    expect(parsePrice('Standard lease', '100000')).toEqual({ cents: 10000000 });
    expect(centsToInput(2999)).toBe('29.99');
    expect(centsToInput(5000)).toBe('50');
  });

  it('refuses zero, negative, non-numeric, more than 2 decimals and over $100,000 with clear texts', () => {
    expect(parsePrice('Standard lease', '0')).toEqual({ error: 'Standard lease price must be more than $0.' });
    expect(parsePrice('Standard lease', '-5')).toEqual({ error: 'Standard lease price must be more than $0.' });
    expect(parsePrice('Standard lease', 'abc')).toEqual({ error: 'Standard lease price must be a number.' });
    expect(parsePrice('Standard lease', '')).toEqual({ error: 'Standard lease price is required.' });
    expect(parsePrice('Standard lease', '1.999')).toEqual({ error: 'Standard lease price must have at most 2 decimals (cents).' });
    expect(parsePrice('Standard lease', '100000.01')).toEqual({ error: 'Standard lease price must be at most $100,000.' });
  });

  it('answers every refused field at once', () => {
    const result = parsePrices({ price_standard: '0', price_advanced: '10', price_exclabel: 'x', price_excindie: '20' });
    expect(result.errors).toEqual({ price_standard: 'Standard lease price must be more than $0.', price_exclabel: 'Exclusive (label) price must be a number.' });
  });
});
