import { buildSchema, parse, validate, specifiedRules } from 'graphql';
import { createOperationLimits } from './limits';

// A recursive type, so a query can be made as deep or as wide as a test needs.
const schema = buildSchema(`
  type Node { id: ID!, child: Node, children: [Node!]! }
  type Query { node: Node }
`);
const limits = createOperationLimits(schema, { maxDepth: 5, maxCost: 50 });

const nested = (depth: number) => `{ ${'node { '.repeat(1)}${'child { '.repeat(depth - 1)}id${' }'.repeat(depth)} }`;
const check = (query: string) => validate(schema, parse(query), [...specifiedRules, ...limits.validationRules]);

describe('operation limits', () => {
  it('accepts a query at the depth limit and refuses one past it', () => {
    expect(check(nested(5))).toEqual([]);
    const errors = check(nested(7));
    expect(errors).toHaveLength(1);
    expect(errors[0].message).toMatch(/exceeds maximum operation depth of 5/);
  });

  it('counts depth through fragments too', () => {
    const query = `{ node { ...A } } fragment A on Node { child { child { child { child { child { id } } } } } }`;
    expect(check(query)[0].message).toMatch(/exceeds maximum operation depth/);
  });

  it('refuses a shallow query whose cost is over the limit', () => {
    const wide = `{ ${Array.from({ length: 60 }, (_, i) => `n${i}: node { id }`).join(' ')} }`;
    expect(check(wide)).toEqual([]);
    expect(() => limits.checkCost(parse(wide))).toThrow(/too complex/);
    expect(() => limits.checkCost(parse(nested(3)))).not.toThrow();
  });
});
