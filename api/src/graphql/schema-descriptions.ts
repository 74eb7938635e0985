import {
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isIntrospectionType,
  isObjectType,
  isSpecifiedScalarType,
  type GraphQLSchema,
} from 'graphql';

/** Every named element of a schema that a reader of the documentation meets, and the ones without a description. */
export interface DescriptionAudit {
  /** Types, fields, arguments, input fields and enum values (graphql's own built-ins excluded). */
  readonly total: number;
  /** Coordinates of the undescribed ones: `Type`, `Type.field`, `Type.field(arg:)`, `Enum.VALUE`. */
  readonly undescribed: readonly string[];
}

const described = (text: string | null | undefined) => Boolean(text?.trim());

/** Walks every type, field, argument, input field and enum value of the schema and lists those without a description. */
export function auditDescriptions(schema: GraphQLSchema): DescriptionAudit {
  const undescribed: string[] = [];
  let total = 0;
  const check = (coordinate: string, description: string | null | undefined) => {
    total++;
    if (!described(description)) undescribed.push(coordinate);
  };
  for (const type of Object.values(schema.getTypeMap())) {
    if (isIntrospectionType(type) || isSpecifiedScalarType(type)) continue;
    check(type.name, type.description);
    if (isObjectType(type) || isInterfaceType(type)) {
      for (const field of Object.values(type.getFields())) {
        check(`${type.name}.${field.name}`, field.description);
        for (const arg of field.args) check(`${type.name}.${field.name}(${arg.name}:)`, arg.description);
      }
    }
    if (isInputObjectType(type)) for (const field of Object.values(type.getFields())) check(`${type.name}.${field.name}`, field.description);
    if (isEnumType(type)) for (const value of type.getValues()) check(`${type.name}.${value.name}`, value.description);
  }
  return { total, undescribed: undescribed.sort() };
}
