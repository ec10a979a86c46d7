import { useMemo } from 'react';
import { JsonView } from '../../../components/json-view';
import { parseJson } from '../../../lib/function-schema';
import { BrokenJson, SchemaVerdict } from '../functions/arguments-check-view';
import { checkAgainstSchema } from './check-against-schema';
import { useOpenSession } from '../session';
import { useSchemaChecker } from '../../../stores';

export interface JsonReplyProps {
  text: string;
  streaming: boolean;
}

function SchemaResult({ value }: { value: unknown }) {
  // The shown conversation's own schema: one without a schema checks nothing.
  const typed = useOpenSession((s) => s.options.replySchema);
  // A structured-outputs request is checked against the schema it sent, whatever the box holds now.
  const sent = useOpenSession((s) => s.options.parameters.response_format?.json_schema?.schema);
  const schema = sent === undefined ? typed : JSON.stringify(sent);
  const checker = useSchemaChecker();
  // The checker's arrival is what turns "checking…" into the check.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const check = useMemo(() => checkAgainstSchema(schema, value), [schema, value, checker]);
  if (check.kind === 'none') return null;
  if (check.kind === 'pending')
    return (
      <p role="status" className="text-xs text-zinc-600 dark:text-zinc-400" data-part-pending="">
        {check.message}
      </p>
    );
  if (check.kind === 'abandoned')
    return (
      <p role="status" className="text-xs text-amber-700 dark:text-amber-400" data-check-abandoned="">
        {check.message}
      </p>
    );
  if (check.kind === 'bad-schema')
    return <p className="text-xs text-amber-700 dark:text-amber-400">{check.message}</p>;
  return (
    <SchemaVerdict
      violations={check.violations}
      matches="The reply matches the pasted schema."
      breaks="The reply breaks the pasted schema:"
      listLabel="Schema violations"
      root="(reply)"
    />
  );
}

/**
 * A JSON-mode reply: while it streams, how far it parses so far (or where it already broke); once
 * complete, a collapsible tree with raw view and copy, or the raw text with the break marked.
 */
export function JsonReply({ text, streaming }: JsonReplyProps) {
  const parsed = useMemo(() => parseJson(text), [text]);
  if (parsed.ok) {
    return (
      <div className="flex flex-col gap-1">
        {streaming ? (
          <p className="text-xs text-zinc-500">Parses as complete JSON so far ({text.length} characters).</p>
        ) : null}
        <JsonView value={parsed.value} raw={text} label="JSON reply" />
        {!streaming ? <SchemaResult value={parsed.value} /> : null}
      </div>
    );
  }
  const { offset, line, column } = parsed.position;
  if (streaming && parsed.incomplete) {
    return (
      <div className="flex flex-col gap-1" aria-label="JSON reply" role="group">
        <p role="status" className="text-xs text-zinc-500">
          Valid so far: all {text.length} characters parse; the JSON is not finished yet.
        </p>
        <pre className="overflow-x-auto rounded bg-zinc-100 p-2 font-mono text-xs whitespace-pre-wrap dark:bg-zinc-900">
          {text}
        </pre>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-1" aria-label="JSON reply" role="group">
      <p role="alert" className="text-xs text-red-700 dark:text-red-400">
        {streaming ? 'The JSON already breaks' : 'Not valid JSON'} at line {line}, column {column}:{' '}
        {parsed.message}. It parses up to character {offset}.
      </p>
      <BrokenJson text={text} offset={offset} label="JSON reply as received" />
    </div>
  );
}
