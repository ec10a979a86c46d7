import { JsonView } from '../json-view';
import { FactList } from '../ui/fact-list';
import { parseJson } from '../../lib/function-schema/parse-json';
import { bodyText, isStreamed, type ExchangeRecord } from '../../lib/wire-log';

const PRE = 'overflow-x-auto rounded bg-zinc-100 p-2 font-mono text-xs whitespace-pre-wrap dark:bg-zinc-900';

/**
 * Headers as terms and values: a name never breaks (it is what the eye scans), a long value breaks
 * anywhere rather than pushing the pane sideways.
 */
function Headers({ headers, label }: { headers: Record<string, string>; label: string }) {
  return (
    <FactList
      label={label}
      termClassName="font-mono text-zinc-500 dark:text-zinc-400"
      facts={Object.entries(headers).map(([name, value]) => ({ label: name, value }))}
    />
  );
}

function JsonOrText({ text, label }: { text: string; label: string }) {
  const parsed = parseJson(text);
  if (!parsed.ok) return <pre className={PRE}>{text}</pre>;
  return <JsonView value={parsed.value} raw={text} label={label} expandDepth={1} />;
}

/** The request exactly as sent: method, URL, headers (key redacted) and body. */
export function RequestDetails({ record }: { record: ExchangeRecord }) {
  const { request } = record;
  return (
    <div className="flex flex-col gap-1">
      <p className="font-mono text-xs break-all">
        <strong>{request.method}</strong> {request.url}
        {record.attempt > 0 ? ` (retry ${record.attempt})` : ''}
      </p>
      <Headers headers={request.headers} label="Request headers" />
      {request.body.kind === 'text' ? <JsonOrText text={request.body.text} label="Request body" /> : null}
      {request.body.kind === 'form' ? (
        <ul aria-label="Form fields" className="font-mono text-xs">
          {request.body.fields.map((f, i) => (
            <li key={i}>
              {f.name} ={' '}
              {f.file ? `file ${f.file.name} (${f.file.type || 'no type'}, ${f.file.size} bytes)` : f.value}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** The response: status, headers, body; for streams every chunk with its arrival time. */
export function ResponseDetails({ record }: { record: ExchangeRecord }) {
  const { response } = record;
  if (!response)
    return (
      <p className="text-xs">{record.error ? `No response: ${record.error}` : 'Waiting for the response…'}</p>
    );
  const streamed = isStreamed(record);
  return (
    <div className="flex flex-col gap-1">
      <p className="font-mono text-xs">
        <strong>{response.status}</strong> {response.statusText}
        {record.endedAt === null ? ' · body arriving…' : ''}
        {record.error ? ` · ended early: ${record.error}` : ''}
      </p>
      <Headers headers={response.headers} label="Response headers" />
      {streamed ? (
        <ol
          aria-label="Stream chunks"
          className="flex max-h-80 flex-col gap-0.5 overflow-y-auto font-mono text-xs"
        >
          {record.chunks.map((chunk, i) => (
            <li
              key={i}
              className="grid grid-cols-[5.5rem_1fr] gap-1 border-b border-zinc-100 dark:border-zinc-800"
            >
              <span className="text-zinc-500 tabular-nums">
                +{(chunk.at - record.startedAt).toFixed(1)} ms · {chunk.bytes} B
              </span>
              <span className="break-all whitespace-pre-wrap">{chunk.text}</span>
            </li>
          ))}
        </ol>
      ) : (
        <JsonOrText text={bodyText(record)} label="Response body" />
      )}
    </div>
  );
}
