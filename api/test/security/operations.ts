import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isLeafType,
  isListType,
  isNonNullType,
  isObjectType,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLNamedType,
  type GraphQLObjectType,
  type GraphQLSchema,
} from 'graphql';

export type RootKind = 'Query' | 'Mutation' | 'Subscription';

/** One root field of the schema as `Query.me`, with its definition. */
export interface RootField {
  readonly key: string;
  readonly kind: RootKind;
  readonly field: GraphQLField<unknown, unknown>;
}

/** Every Query, Mutation and Subscription field of the schema. */
export function rootFields(schema: GraphQLSchema): RootField[] {
  const roots: [RootKind, GraphQLObjectType | null | undefined][] = [
    ['Query', schema.getQueryType()],
    ['Mutation', schema.getMutationType()],
    ['Subscription', schema.getSubscriptionType()],
  ];
  return roots.flatMap(([kind, type]) => Object.values(type?.getFields() ?? {}).map((field) => ({ key: `${kind}.${field.name}`, kind, field })));
}

const ZERO_ID = '00000000-0000-4000-8000-000000000000';

/** A value of the right type for an argument nobody gave a fixture for (the check must run before it matters). */
export function defaultValue(type: GraphQLInputType): unknown {
  if (isNonNullType(type)) return defaultValue(type.ofType);
  if (isListType(type)) return [defaultValue(type.ofType)];
  const named = getNamedType(type);
  if (isInputObjectType(named)) {
    const fields = Object.values(named.getFields()).filter((f) => isNonNullType(f.type) && f.defaultValue === undefined);
    return Object.fromEntries(fields.map((f) => [f.name, defaultValue(f.type)]));
  }
  if (isEnumType(named)) return named.getValues()[0].value;
  switch (named.name) {
    case 'Int':
    case 'Float':
      return 1;
    case 'Boolean':
      return false;
    case 'ID':
      return ZERO_ID;
    case 'Upload':
      return null;
    default:
      return 'x';
  }
}

/** The scalar fields of an object type and, to `depth`, its object fields' (fields with required arguments are left out). */
export function selection(type: GraphQLNamedType, depth = 2): string {
  if (!isObjectType(type)) return '';
  const parts: string[] = [];
  for (const field of Object.values(type.getFields())) {
    if (field.args.some((a) => isNonNullType(a.type) && a.defaultValue === undefined)) continue;
    const named = getNamedType(field.type);
    if (isLeafType(named)) parts.push(field.name);
    else if (depth > 0 && isObjectType(named)) {
      const inner = selection(named, depth - 1);
      if (inner) parts.push(`${field.name} ${inner}`);
    }
  }
  return parts.length ? `{ ${parts.join(' ')} }` : '{ __typename }';
}

/** Variables' type text (`ID!`, `[SectionDrumsInput!]!`). */
const typeText = (type: GraphQLInputType): string => type.toString();

/**
 * A minimal valid operation for one root field: every argument passed as a variable (its value
 * from the fixture, else a type-driven default for the required ones), and a selection of the
 * result's scalar fields to a small depth.
 */
export function operationFor(root: RootField, fixture: Record<string, unknown> = {}): { query: string; variables: Record<string, unknown> } {
  const args = root.field.args.filter((a) => a.name in fixture || (isNonNullType(a.type) && a.defaultValue === undefined));
  const variables = Object.fromEntries(args.map((a) => [a.name, a.name in fixture ? fixture[a.name] : defaultValue(a.type)]));
  const declared = args.length ? `(${args.map((a) => `$${a.name}: ${typeText(a.type)}`).join(', ')})` : '';
  const passed = args.length ? `(${args.map((a) => `${a.name}: $${a.name}`).join(', ')})` : '';
  const named = getNamedType(root.field.type);
  const select = isObjectType(named) ? ` ${selection(named)}` : '';
  const keyword = root.kind === 'Query' ? 'query' : root.kind === 'Mutation' ? 'mutation' : 'subscription';
  return { query: `${keyword} Probe${declared} { ${root.field.name}${passed}${select} }`, variables };
}

/** The names of the arguments of type Upload (a multipart request must carry a file for each). */
export function uploadArguments(root: RootField): { name: string; list: boolean }[] {
  return root.field.args
    .filter((a) => getNamedType(a.type).name === 'Upload')
    .map((a) => ({ name: a.name, list: isListType(isNonNullType(a.type) ? a.type.ofType : a.type) }));
}
