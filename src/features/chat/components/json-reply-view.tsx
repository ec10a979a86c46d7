export interface JsonReplyViewProps {
  text: string;
  streaming: boolean;
}

/**
 * How an assistant reply is shown when JSON mode (`response_format: {type: "json_object"}`) is on.
 * The single mount point for the JSON view: its inside may be replaced by a tree view.
 */
export function JsonReplyView({ text, streaming }: JsonReplyViewProps) {
  let note: string | null = null;
  let shown = text;
  if (!streaming) {
    try {
      shown = JSON.stringify(JSON.parse(text), null, 2);
    } catch (error) {
      note = `Not valid JSON: ${error instanceof Error ? error.message : String(error)}`;
    }
  }
  return (
    <div aria-label="JSON reply" role="group">
      <pre className="overflow-x-auto rounded bg-zinc-100 p-2 font-mono text-xs whitespace-pre-wrap dark:bg-zinc-900">
        {shown}
      </pre>
      {note ? <p className="mt-1 text-xs text-amber-700 dark:text-amber-400">{note}</p> : null}
    </div>
  );
}
