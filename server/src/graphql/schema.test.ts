import { describe, expect, it } from 'vitest';
import {
  buildSchema,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isObjectType,
  isScalarType,
  isSpecifiedScalarType,
} from 'graphql';
import { readFileSync } from 'node:fs';

describe('the GraphQL contract', () => {
  // Partners and developers read the schema in Sandbox and their own tools: nothing may be left unexplained.
  it('describes every type, field, argument and enum value', async () => {
    // The committed contract (the build checks it matches the server's types) is what partners get.
    const schema = buildSchema(readFileSync(new URL('../../../schema/schema.graphql', import.meta.url), 'utf8'));
    const undescribed: string[] = [];
    for (const type of Object.values(schema.getTypeMap())) {
      if (type.name.startsWith('__') || (isScalarType(type) && isSpecifiedScalarType(type))) continue;
      if (!type.description) undescribed.push(type.name);
      if (isObjectType(type) || isInterfaceType(type) || isInputObjectType(type)) {
        for (const field of Object.values(type.getFields())) {
          if (!field.description) undescribed.push(`${type.name}.${field.name}`);
          for (const arg of 'args' in field ? field.args : []) {
            if (!arg.description) undescribed.push(`${type.name}.${field.name}(${arg.name})`);
          }
        }
      }
      if (isEnumType(type)) {
        for (const value of type.getValues()) if (!value.description) undescribed.push(`${type.name}.${value.name}`);
      }
    }
    expect(undescribed).toEqual([]);
  });
});
