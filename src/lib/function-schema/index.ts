/**
 * Pure validation of function definitions and of function-call arguments, with positions. Ajv itself
 * (`./ajv-instance`) is fetched when a check first needs it (`./schema-checker`).
 */
export { FUNCTION_NAME_PATTERN, functionNameProblem } from './function-name';
export { FUNCTION_TEMPLATES, formatDefinitions, type FunctionTemplate } from './function-templates';
export {
  joinPath,
  parseJson,
  positionAt,
  type JsonParseResult,
  type TextPosition,
  type ValueSpan,
} from './parse-json';
export {
  checkArguments,
  checkParsed,
  type ArgumentViolation,
  type ArgumentsCheck,
  type ParsedCheck,
} from './validate-arguments';
export {
  checkDefinitionsNow,
  definitionsChecks,
  definitionsProblemSummary,
  type DefinitionProblem,
  type DefinitionsCheck,
} from './definitions-check';
export { validateDefinitions } from './validate-definitions';
export {
  loadSchemaChecker,
  schemaChecker,
  schemaCheckerState,
  subscribeSchemaChecker,
  type SchemaChecker,
  type SchemaCheckerState,
} from './schema-checker';
