import { NotedButton } from './noted-button';

/**
 * Copies text to the clipboard and says whether it worked (the clipboard can be refused). `name`
 * tells a screen reader which of many Copy buttons this is, where the words on it cannot.
 */
export function CopyButton({ text, label = 'Copy', name }: { text: string; label?: string; name?: string }) {
  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard in this context');
      await navigator.clipboard.writeText(text);
      return 'Copied';
    } catch (error) {
      return `Could not copy (${error instanceof Error ? error.message : String(error)}); select the text instead.`;
    }
  };
  return <NotedButton label={label} name={name} run={copy} />;
}
