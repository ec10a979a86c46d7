/** Pure validation of function definitions and of function-call arguments (Ajv), with positions. */
export { ajv, checkWithSchema, describeAjvError } from './ajv-instance';
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
  definitionsProblemSummary,
  validateDefinitions,
  type DefinitionProblem,
  type DefinitionsCheck,
} from './validate-definitions';
