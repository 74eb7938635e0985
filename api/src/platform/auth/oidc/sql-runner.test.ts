import { toQuestionMarks } from './sql-runner';

describe('toQuestionMarks', () => {
  it('rewrites $n placeholders in order of appearance, repeating values as needed', () => {
    expect(toQuestionMarks('SELECT $2, $1, $2, $10', ['a', 'b', 3, 4, 5, 6, 7, 8, 9, 'ten'])).toEqual({
      sql: 'SELECT ?, ?, ?, ?',
      params: ['b', 'a', 'b', 'ten'],
    });
  });

  it('refuses a literal question mark and a placeholder without a value', () => {
    expect(() => toQuestionMarks("SELECT payload ? 'x'", [])).toThrow(/must not contain/);
    expect(() => toQuestionMarks('SELECT $2', ['only one'])).toThrow(/\$2 has no value/);
    expect(() => toQuestionMarks('SELECT $0', ['x'])).toThrow(/\$0 has no value/);
  });
});
