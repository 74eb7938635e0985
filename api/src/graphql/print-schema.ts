import { lexicographicSortSchema, printSchema, type GraphQLSchema } from 'graphql';

const HEADER = '# Emitted by the api from its resolvers (npm run schema:emit). Do not edit by hand.\n\n';

/** The schema as SDL, types sorted: the committed schema.graphql and GET /schema.graphql are this text. */
export function printApiSchema(schema: GraphQLSchema): string {
  return HEADER + printSchema(lexicographicSortSchema(schema)) + '\n';
}
