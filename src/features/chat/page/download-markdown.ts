/** Saves `markdown` as a `.md` file named from `title` (made safe for every file system). */
export function downloadMarkdown(markdown: string, title: string): void {
  const url = URL.createObjectURL(new Blob([markdown], { type: 'text/markdown' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `${title.replace(/[^\w.-]+/g, '-').slice(0, 60) || 'conversation'}.md`;
  link.click();
  // Revoked later: the download starts after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
