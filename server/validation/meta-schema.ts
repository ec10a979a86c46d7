/**
 * The meta-schema check the request rules are given (src/protocol/request-rules/schema.ts).
 * `strict: false` lets descriptive keywords other tools add (`examples`, `x-…`) through. Schemas
 * are checked against the meta-schema, not compiled: compiling generates code in time that grows
 * faster than the schema (1,000 properties took 0.45 s of blocked event loop; 5,000 overflowed the
 * stack), while the meta-schema check is linear and catches the same malformed keywords.
 */
import Ajv from 'ajv';
import type { MetaSchemaCheck } from '../../src/protocol/request-rules';

const ajv = new Ajv({ strict: false, allErrors: false });

export const metaSchemaCheck: MetaSchemaCheck = (schema) =>
  ajv.validateSchema(schema) ? [] : (ajv.errors ?? [{ instancePath: '' }]);
