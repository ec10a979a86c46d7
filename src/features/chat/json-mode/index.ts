/** JSON mode: the switch with its warning and fix, and the JSON reply view. */
export { JsonModeSection } from './json-mode-section';
export { JsonReply, type JsonReplyProps } from './json-reply';
export { checkAgainstSchema, type SchemaCheck } from './check-against-schema';
export { JSON_INSTRUCTION, mentionsJson, withJsonInstruction } from './mentions-json';
