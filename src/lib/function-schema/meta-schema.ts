import type { MetaSchemaCheck } from '../../protocol/request-rules';
import type { SchemaChecker } from './schema-checker';

/** The request rules' meta-schema check (see protocol/request-rules/schema.ts) with the page's Ajv. */
export function metaSchemaCheckOf({ ajv }: Pick<SchemaChecker, 'ajv'>): MetaSchemaCheck {
  return (schema) => (ajv.validateSchema(schema) ? [] : (ajv.errors ?? [{ instancePath: '' }]));
}
