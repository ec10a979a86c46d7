// Moved to components/prompt, shared with Experiments; kept until experiments/template-editor.tsx
// imports it from there (a feature never imports another).
export { FewShotEditor } from '../../components/prompt';
