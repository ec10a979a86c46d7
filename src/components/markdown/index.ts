export { Markdown, type MarkdownProps } from './markdown';
export { CodeBlock } from './code-block';
export { safeUrl, isRemoteUrl } from './safe-url';
export { splitMarkdown, type SplitMarkdown } from './split-blocks';
