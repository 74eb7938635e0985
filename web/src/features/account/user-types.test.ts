import { USER_TYPES as API_USER_TYPES } from '../../../../api/src/modules/accounts/user-types';
import { USER_TYPES } from './user-types';

describe('user type options', () => {
  it('are the ones the api accepts, in the same order', () => {
    expect(USER_TYPES.map((t) => t.value)).toEqual([...API_USER_TYPES]);
  });
});
