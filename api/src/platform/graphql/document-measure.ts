import {
  getArgumentValues,
  getNamedType,
  isCompositeType,
  Kind,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLField,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';

/** What the limits look at, for one operation with its fragments expanded. */
export interface OperationMeasure {
  /** Nesting of fields below the root fields (`{ a { b } }` is 1); fragments add none. */
  readonly depth: number;
  /** Estimated cost: 1 a field unless the schema's `complexity` extension says otherwise. */
  readonly cost: number;
  readonly aliases: number;
  readonly directives: number;
  /** Fields, as if every fragment spread were written out in full. */
  readonly nodes: number;
}

/** A fragment that spreads itself, directly or through others. */
export interface FragmentCycle {
  readonly fragment: string;
}

type Measure = { depth: number; cost: number; aliases: number; directives: number; nodes: number };

/** Sums saturate here: a fan-out of fragments reaches 2^60 and more, and 0 x Infinity would be NaN. */
const CEILING = Number.MAX_SAFE_INTEGER;
const add = (a: number, b: number) => Math.min(CEILING, a + b);
const zero = (): Measure => ({ depth: 0, cost: 0, aliases: 0, directives: 0, nodes: 0 });

/** type-graphql puts `complexity` (a number or a function) on the field's extensions, as graphql-query-complexity reads it. */
type ComplexityFn = (options: { args: Record<string, unknown>; childComplexity: number }) => number;

function fieldCost(field: GraphQLField<unknown, unknown> | undefined, node: FieldNode, childCost: number, variables: Record<string, unknown>): number {
  const complexity = (field?.extensions as { complexity?: number | ComplexityFn } | undefined)?.complexity;
  const fallback = add(1, childCost);
  if (complexity === undefined || complexity === null) return fallback;
  let value: number;
  try {
    value = typeof complexity === 'number' ? complexity + childCost : complexity({ args: getArgumentValues(field!, node, variables), childComplexity: childCost });
  } catch {
    // Arguments that cannot be read (a variable of the wrong type) are refused when the operation runs.
    return fallback;
  }
  if (Number.isNaN(value)) return fallback;
  return value < 0 ? 0 : Math.min(CEILING, value);
}

/**
 * Measures every operation of a document in one pass over its text: each fragment is measured once
 * and its figures reused at every spread, so a fan-out (`fragment F1 { ...F0 ...F0 }` thirty times
 * over) costs thirty steps, not 2^30. Fragment cycles are reported, never followed; an unknown
 * fragment counts as empty (validation names it). Fields named `__...` (introspection) add no depth
 * or cost, as graphql-depth-limit had it, but count as nodes.
 */
export function measureDocument(
  schema: GraphQLSchema,
  document: DocumentNode,
  variables: Record<string, unknown> = {},
): { operations: Map<OperationDefinitionNode, OperationMeasure>; cycles: FragmentCycle[] } {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  }
  const measured = new Map<string, Measure>();
  const inProgress = new Set<string>();
  const cycles: FragmentCycle[] = [];

  const typeNamed = (name: string | undefined): GraphQLCompositeType | undefined => {
    const type = name ? schema.getType(name) : undefined;
    return type && isCompositeType(type) ? type : undefined;
  };

  const fragmentMeasure = (name: string): Measure => {
    const known = measured.get(name);
    if (known) return known;
    const fragment = fragments.get(name);
    if (!fragment) return zero();
    if (inProgress.has(name)) {
      cycles.push({ fragment: name });
      return zero();
    }
    inProgress.add(name);
    const result = selectionSetMeasure(fragment.selectionSet, typeNamed(fragment.typeCondition.name.value));
    result.directives = add(result.directives, fragment.directives?.length ?? 0);
    inProgress.delete(name);
    measured.set(name, result);
    return result;
  };

  function selectionSetMeasure(selectionSet: SelectionSetNode, parent: GraphQLCompositeType | undefined): Measure {
    const total = zero();
    const merge = (part: Measure, depthOffset: number) => {
      total.depth = Math.max(total.depth, part.depth + depthOffset);
      total.cost = add(total.cost, part.cost);
      total.aliases = add(total.aliases, part.aliases);
      total.directives = add(total.directives, part.directives);
      total.nodes = add(total.nodes, part.nodes);
    };
    for (const selection of selectionSet.selections) {
      const directives = selection.directives?.length ?? 0;
      if (selection.kind === Kind.FIELD) {
        const name = selection.name.value;
        const introspection = name.startsWith('__');
        const field = parent && 'getFields' in parent ? parent.getFields()[name] : undefined;
        const child = selection.selectionSet
          ? selectionSetMeasure(selection.selectionSet, field ? asComposite(getNamedType(field.type)) : undefined)
          : zero();
        merge(
          {
            depth: introspection || !selection.selectionSet ? 0 : child.depth + 1,
            cost: introspection ? 0 : fieldCost(field, selection, child.cost, variables),
            aliases: add(child.aliases, selection.alias ? 1 : 0),
            directives: add(child.directives, directives),
            nodes: add(child.nodes, 1),
          },
          0,
        );
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        const type = selection.typeCondition ? typeNamed(selection.typeCondition.name.value) : parent;
        const inner = selectionSetMeasure(selection.selectionSet, type);
        merge({ ...inner, directives: add(inner.directives, directives) }, 0);
      } else {
        const inner = fragmentMeasure(selection.name.value);
        merge({ ...inner, directives: add(inner.directives, directives) }, 0);
      }
    }
    return total;
  }

  const operations = new Map<OperationDefinitionNode, OperationMeasure>();
  for (const definition of document.definitions) {
    if (definition.kind !== Kind.OPERATION_DEFINITION) continue;
    const root = schema.getRootType(definition.operation) ?? undefined;
    const result = selectionSetMeasure(definition.selectionSet, root);
    result.directives = add(result.directives, definition.directives?.length ?? 0);
    operations.set(definition, result);
  }
  return { operations, cycles };
}

function asComposite(type: ReturnType<typeof getNamedType>): GraphQLCompositeType | undefined {
  return type && isCompositeType(type) ? type : undefined;
}
