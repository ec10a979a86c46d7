export { Markdown, type MarkdownProps } from './markdown';
export { preloadMarkdownRenderer } from './markdown-renderer';
export { CodeBlock } from './code-block';
export { safeUrl, isRemoteUrl } from './safe-url';
export { splitMarkdown, type LinkDefinition, type SplitMarkdown } from './split-blocks';
