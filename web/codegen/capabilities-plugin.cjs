// A graphql-codegen plugin: the schema's root fields (Query, Mutation, Subscription) as
// "Type.field" strings, so the web can tell at run time whether a capability a claim depends on
// exists (web/src/features/claims/claims.ts) without shipping the schema.
 
const { isObjectType } = require('graphql');

module.exports = {
  plugin(schema) {
    const roots = [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()].filter(isObjectType);
    const names = roots.flatMap((type) => Object.keys(type.getFields()).sort().map((field) => `${type.name}.${field}`));
    return [
      '/** The root fields of the api schema, as Type.field (generated from schema.graphql; never edit). */',
      'export const ROOT_FIELDS: readonly string[] = [',
      ...names.map((name) => `  '${name}',`),
      '];',
      '',
    ].join('\n');
  },
};
