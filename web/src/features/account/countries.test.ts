import { COUNTRIES as API_COUNTRIES } from '../../../../api/src/modules/accounts/countries';
import { COUNTRIES } from './countries';

describe('country options', () => {
  it('are the 25 the api accepts (its `countries` query), in the same order', () => {
    expect(COUNTRIES).toHaveLength(25);
    expect([...COUNTRIES]).toEqual([...API_COUNTRIES]);
  });
});
