import { buildSchema, parse, GraphQLError } from 'graphql';
import { createOperationLimits } from './limits';
import { measureDocument } from './document-measure';

// A recursive type, so a query can be made as deep or as wide as a test needs; `page` declares a
// cost that grows with its argument, as type-graphql's `complexity` option does.
const schema = buildSchema(`
  type Node { id: ID!, child: Node, children: [Node!]! }
  type Query { node: Node, page(size: Int!): [Node!]! }
`);
(schema.getQueryType()!.getFields().page.extensions as Record<string, unknown>).complexity = ({ args, childComplexity }: { args: { size: number }; childComplexity: number }) =>
  args.size * childComplexity;
const limits = createOperationLimits(schema, { maxDepth: 5, maxCost: 50, maxAliases: 3, maxDirectives: 3, maxTokens: 400, maxNodes: 200 });

const nested = (depth: number) => `{ node { ${'child { '.repeat(depth - 1)}id${' }'.repeat(depth)} }`;
/** `{...F<n>}` where each fragment spreads the one before twice: 2^n fields once written out. */
const fanOut = (levels: number) =>
  `{...F${levels}} fragment F0 on Query{node{id}} ` +
  Array.from({ length: levels }, (_, i) => `fragment F${i + 1} on Query{...F${i} ...F${i}}`).join(' ');

/** The error a check throws, or null. */
function refusal(check: () => void): GraphQLError | null {
  try {
    check();
    return null;
  } catch (error) {
    return error as GraphQLError;
  }
}
const documentRefusal = (query: string) => refusal(() => limits.checkDocument(parse(query)));

describe('operation limits', () => {
  it('accepts a query at the depth limit and refuses one past it', () => {
    expect(documentRefusal(nested(5))).toBeNull();
    const error = documentRefusal(nested(7));
    expect(error?.message).toBe('The query is too deep (depth 7, limit 5).');
    expect(error?.extensions).toMatchObject({ code: 'GRAPHQL_VALIDATION_FAILED', limit: 'depth' });
  });

  it('counts depth through fragments and inline fragments', () => {
    expect(documentRefusal(`{ node { ...A } } fragment A on Node { child { child { child { child { child { id } } } } } }`)?.message).toMatch(/too deep/);
    expect(documentRefusal(`{ node { ... on Node { child { child { child { child { child { id } } } } } } } }`)?.message).toMatch(/too deep/);
  });

  it('refuses a shallow query whose cost is over the limit, counting declared list sizes', () => {
    const wide = `{ ${Array.from({ length: 3 }, (_, i) => `n${i}: node { id }`).join(' ')} ${'node { id } '.repeat(30)}}`;
    expect(documentRefusal(wide)).toBeNull();
    expect(refusal(() => limits.checkCost(parse(wide)))?.message).toMatch(/^The query is too complex \(cost 66, limit 50\)/);
    expect(refusal(() => limits.checkCost(parse('{ page(size: 20) { id } }')))).toBeNull();
    expect(refusal(() => limits.checkCost(parse('{ page(size: 60) { id } }')))?.extensions.limit).toBe('cost');
    const byVariable = parse('query($n: Int!) { page(size: $n) { id } }');
    expect(refusal(() => limits.checkCost(byVariable, { n: 60 }))?.extensions.limit).toBe('cost');
    // A variable that cannot be read falls back to the plain estimate; execution refuses it later.
    expect(refusal(() => limits.checkCost(byVariable, { n: 'NaN' }))).toBeNull();
    expect(refusal(() => limits.checkCost(byVariable, {}))).toBeNull();
  });

  it('refuses too many aliases and directives, counted through fragments', () => {
    expect(documentRefusal('{ a: node { id } b: node { id } c: node { id } }')).toBeNull();
    expect(documentRefusal('{ ...A ...A } fragment A on Query { a: node { b: id } c: node { id } }')?.extensions.limit).toBe('aliases');
    expect(documentRefusal('{ node @skip(if: false) { id @skip(if: false) ...A } } fragment A on Node { id @include(if: true) child @skip(if: false) { id } }')?.extensions.limit).toBe('directives');
  });

  it('refuses a document of too many tokens before parsing it', () => {
    expect(refusal(() => limits.checkSource(`{ ${'node { id } '.repeat(99)}}`))).toBeNull();
    expect(refusal(() => limits.checkSource(`{ ${'node { id } '.repeat(100)}}`))?.extensions).toMatchObject({ limit: 'tokens' });
    // A syntax error is left to the parser, which names it.
    expect(refusal(() => limits.checkSource('{ node { "unterminated'))).toBeNull();
  });

  it('measures a fan-out of fragments in linear time and refuses it by its expanded size', () => {
    // 2^60 fields once written out: a walk that followed every spread would never finish.
    const { operations } = measureDocument(schema, parse(fanOut(60)));
    const [measure] = [...operations.values()];
    expect(measure.nodes).toBe(Number.MAX_SAFE_INTEGER);
    expect(measure.depth).toBe(1);
    expect(documentRefusal(fanOut(60))?.extensions).toMatchObject({ code: 'GRAPHQL_VALIDATION_FAILED', limit: 'nodes' });
    expect(refusal(() => limits.checkCost(parse(fanOut(60))))?.extensions.limit).toBe('cost');
    expect(documentRefusal(fanOut(5))).toBeNull();
  });

  it('reports fragment cycles instead of following them', () => {
    expect(documentRefusal('{ ...A } fragment A on Query { ...B } fragment B on Query { ...A }')?.message).toMatch(/Cannot spread fragment "A"/);
    expect(documentRefusal('{ node { ...N } } fragment N on Node { id child { ...N } }')?.extensions.limit).toBe('cycle');
    // An unknown fragment counts as empty: validation names it.
    expect(documentRefusal('{ ...Missing }')).toBeNull();
  });

  it('refuses control characters and invalid Unicode in string literals and variables', () => {
    expect(documentRefusal('{ page(size: 1) { id } n: node { id } }')).toBeNull();
    const literal = documentRefusal('query { node @skip(if: false) { id } } query Q($s: String = "a\\u0000b") { node { id } }');
    expect(literal?.extensions.code).toBe('BAD_USER_INPUT');
    expect(refusal(() => limits.checkVariables({ input: { fname: 'tab\tand\nnewline' } }))).toBeNull();
    expect(refusal(() => limits.checkVariables({ input: { fname: 'a\u0000b' } }))?.message).toBe(
      'The variable "input.fname" contains a control character; only tabs and line breaks are allowed.',
    );
    expect(refusal(() => limits.checkVariables({ tags: ['ok', 'a\ud800b'] }))?.message).toBe('The variable "tags[1]" is not valid Unicode text.');
  });

  it('checks a text once: an accepted document is given back as it was, its variables still checked each time', () => {
    const query = 'query Q($n: Int!) { page(size: $n) { id } }';
    const first = limits.checkOperation({ query, variables: { n: 1 } });
    expect(limits.checkOperation({ query, variables: { n: 2 } })).toBe(first);
    expect(refusal(() => limits.checkOperation({ query, variables: { n: 'a\u0000' } }))?.message).toBe('The variable "n" contains a control character; only tabs and line breaks are allowed.');
    // A refused text is refused every time, and a new text is checked.
    for (let i = 0; i < 2; i++) expect(refusal(() => limits.checkOperation({ query: nested(7) }))?.extensions.limit).toBe('depth');
    expect(limits.checkOperation({ query: `${query} ` })).not.toBe(first);
  });

  it('keeps the cost of an operation without variables with its document, and measures one with variables every time', () => {
    const fixed = parse('{ page(size: 60) { id } }');
    for (let i = 0; i < 2; i++) expect(refusal(() => limits.checkCost(fixed))?.extensions.limit).toBe('cost');
    const byVariable = parse('query($n: Int!) { page(size: $n) { id } }');
    expect(refusal(() => limits.checkCost(byVariable, { n: 10 }))).toBeNull();
    expect(refusal(() => limits.checkCost(byVariable, { n: 60 }))?.extensions.limit).toBe('cost');
    expect(refusal(() => limits.checkCost(byVariable, { n: 10 }))).toBeNull();
  });
});
