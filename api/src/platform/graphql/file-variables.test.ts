import { buildSchema, parse } from 'graphql';
import { fileVariablesOf, isFilePath } from './file-variables';

const schema = buildSchema(`
  scalar Upload
  input Meta { name: String }
  type Query { ping: String }
  type Mutation { upload(files: [Upload!]!, meta: Meta): String  picture(image: Upload, note: String): String }
`);
const vars = (query: string, name?: string) => [...fileVariablesOf(schema, parse(query), name)].sort();

describe('fileVariablesOf', () => {
  it('names the variables passed to Upload arguments, in fragments too', () => {
    expect(vars('mutation($f: [Upload!]!, $m: Meta) { upload(files: $f, meta: $m) }')).toEqual(['f']);
    expect(vars('mutation($i: Upload, $n: String) { ...P } fragment P on Mutation { picture(image: $i, note: $n) }')).toEqual(['i']);
  });

  it('is empty for operations that take no file, however their variables are declared', () => {
    expect(vars('{ __typename }')).toEqual([]);
    expect(vars('query($a: Upload) { __typename }')).toEqual([]);
    expect(vars('mutation($n: String) { picture(note: $n) }')).toEqual([]);
    // The operation that runs is the one that counts.
    expect(vars('query Q($a: Upload) { ping } mutation M($a: Upload) { picture(image: $a) }', 'Q')).toEqual([]);
    expect(vars('query Q($a: Upload) { ping } mutation M($a: Upload) { picture(image: $a) }', 'M')).toEqual(['a']);
  });
});

describe('isFilePath', () => {
  it('accepts a file variable or an item of it, nothing else', () => {
    const files = new Set(['files']);
    expect(['variables.files', 'variables.files.3', 'variables.files.0.1'].map((p) => isFilePath(p, files))).toEqual([true, true, true]);
    expect(['variables.meta', 'variables.files.name', 'files.0', 'variables', 'variables.files.99999'].map((p) => isFilePath(p, files))).toEqual([false, false, false, false, false]);
  });
});
