import {
  Kind,
  TypeInfo,
  getNamedType,
  getOperationAST,
  visit,
  visitWithTypeInfo,
  type DefinitionNode,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLSchema,
  type TypeNode,
} from 'graphql';

/** The scalar every file argument has (graphql-upload's). */
export const UPLOAD_SCALAR = 'Upload';

const namedTypeOf = (type: TypeNode): string => (type.kind === Kind.NAMED_TYPE ? type.name.value : namedTypeOf(type.type));

/**
 * The variables through which the operation that will run can receive files: declared as Upload
 * (or lists of it) and passed to an argument of type Upload, in the operation or a fragment it
 * spreads. Empty for an operation that takes no file (`{ __typename }`): a multipart request for it
 * is refused before any file part is read.
 */
export function fileVariablesOf(schema: GraphQLSchema, document: DocumentNode, operationName?: string | null): ReadonlySet<string> {
  const operation = getOperationAST(document, operationName ?? undefined);
  const upload = schema.getType(UPLOAD_SCALAR);
  if (!operation || !upload) return new Set();
  const declared = new Set(
    (operation.variableDefinitions ?? []).filter((d) => namedTypeOf(d.type) === UPLOAD_SCALAR).map((d) => d.variable.name.value),
  );
  if (declared.size === 0) return declared;

  const fragments = new Map(
    document.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION).map((f) => [f.name.value, f]),
  );
  const reached: DefinitionNode[] = [operation];
  const seen = new Set<string>();
  for (let i = 0; i < reached.length; i += 1) {
    visit(reached[i], {
      FragmentSpread(spread) {
        const fragment = fragments.get(spread.name.value);
        if (fragment && !seen.has(fragment.name.value)) {
          seen.add(fragment.name.value);
          reached.push(fragment);
        }
      },
    });
  }

  const used = new Set<string>();
  const typeInfo = new TypeInfo(schema);
  const visitor = visitWithTypeInfo(typeInfo, {
    // A declaration is not a use.
    VariableDefinition: () => false,
    Variable(node) {
      const expected = typeInfo.getInputType();
      if (expected && getNamedType(expected) === upload && declared.has(node.name.value)) used.add(node.name.value);
    },
  });
  for (const definition of reached) visit(definition, visitor);
  return used;
}

/**
 * Whether a path of the multipart `map` (e.g. `variables.files.2`) names a place for a file: a file
 * variable itself, or an item of it (list indexes only).
 */
export function isFilePath(path: string, fileVariables: ReadonlySet<string>): boolean {
  const [root, name, ...indexes] = path.split('.');
  return root === 'variables' && name !== undefined && fileVariables.has(name) && indexes.every((i) => /^\d{1,4}$/.test(i));
}
