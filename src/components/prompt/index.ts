/** Editing a prompt: system prompt, few-shot examples and message (Compare, Experiments). */
export { FewShotEditor } from './few-shot-editor';
export { PromptEditor, type PromptParts } from './prompt-editor';
export { PromptTextArea, type PromptTextAreaProps } from './prompt-text-area';
