import { isProfileComplete } from './profile-complete';

describe('the profile-complete rule', () => {
  it('needs a first name, a last name and a country', () => {
    expect(isProfileComplete({ fname: 'Dana', lname: 'Moss', country: 'Canada' })).toBe(true);
  });

  it.each([
    ['no first name', { fname: null, lname: 'Moss', country: 'Canada' }],
    ['a blank last name', { fname: 'Dana', lname: '   ', country: 'Canada' }],
    ['no country', { fname: 'Dana', lname: 'Moss', country: '' }],
    ['nothing at all', {}],
  ])('is incomplete with %s', (_name, profile) => {
    expect(isProfileComplete(profile)).toBe(false);
  });

  it('is incomplete while there is no profile', () => {
    expect(isProfileComplete(null)).toBe(false);
    expect(isProfileComplete(undefined)).toBe(false);
  });
});
