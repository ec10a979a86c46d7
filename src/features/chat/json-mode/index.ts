/** JSON mode: the switch with its warning and fix, and the JSON reply view. */
export { JsonModeSection } from './json-mode-section';
export { JsonReply, type JsonReplyProps } from './json-reply';
export { checkAgainstSchema, setReplySchemaText, type SchemaCheck } from './json-schema-store';
export { JSON_INSTRUCTION, mentionsJson, withJsonInstruction } from './mentions-json';
