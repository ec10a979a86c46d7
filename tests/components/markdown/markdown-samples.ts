/** Markdown of the shapes model replies take, for comparing split rendering with a full parse. */
export const MARKDOWN_SAMPLES: Record<string, string> = {
  'paragraphs and headings':
    '# Heading\n\nFirst paragraph with *emphasis*.\n\n## Sub\nText right after.\n\nLast.',
  'fenced code with blank lines': 'Intro:\n\n```ts\nconst a = 1;\n\n\nconst b = 2;\n```\n\nAfter the code.',
  'tilde fence and longer fence': '~~~python\nprint(1)\n\n```\n~~~\n\n`````\n````\n\nx\n`````\n\nend',
  'unclosed fence': 'Start\n\n```js\nlet x = 1;\n\nlet y = 2;\n',
  'GFM table': 'Table:\n\n| Name | Value |\n|:-----|------:|\n| a | 1 |\n| b | 2 |\n\nAfter.',
  'tight and loose lists': '- one\n- two\n\n- three\n\n  continued\n\n1. first\n\n2. second\n\nParagraph.',
  'nested lists': '- a\n  - a1\n\n    deep para\n  - a2\n- b\n\ntext',
  blockquote: '> quoted\n> more\n\n> second quote\n\nplain',
  'indented code': 'para\n\n    code line 1\n\n    code line 2\n\nafter',
  'html blocks': '<div>\nblock\n</div>\n\n<pre>\n\nkept\n</pre>\n\n<!-- c\n\nd -->\n\ntext',
  'reference links':
    'See [the docs][docs] and [x].\n\nMore [docs] here.\n\n[docs]: https://docs.example\n[x]: https://x.example',
  'thematic break and setext': 'Title\n=====\n\n---\n\nSub\n---\n\n***\n\nend',
  'task list and strikethrough': '- [x] done\n- [ ] todo\n\n~~gone~~ and https://auto.example link',
  'mixed long reply':
    '## Plan\n\n1. Read the file\n2. Parse it:\n\n   ```json\n   {"a": 1}\n   ```\n\n3. Done\n\n| k | v |\n|---|---|\n| x | y |\n\n> Note: **bold**\n\nFinal words.',
};
