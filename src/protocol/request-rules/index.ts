/**
 * The request rules, written once: the service answers with the first problem they find, the page
 * lists every one (importer, editors), so the two cannot disagree about a request.
 */
export { checkChatRequest, type ChatRequestFields, type RuleOptions } from './chat';
export { checkCodeRequest, type CodeRequestFields } from './code';
export { checkVisionRequest, type VisionRequestFields } from './vision';
export {
  checkDefinition,
  checkParameters,
  definitionsScope,
  MAX_FUNCTIONS,
  type DefinitionsScope,
} from './functions';
export { MESSAGE_ROLES, MAX_MESSAGES } from './messages';
export { MAX_ENUM_VALUES, MAX_SCHEMA_NODES, type MetaSchemaCheck } from './schema';
export { runRules, Problems, type RuleProblem, type RuleResult } from './problems';
export { checkChatParameter, type ChatParameterName } from './parameter-rules';
export { isTokenId } from './logit-bias';
