import { useState } from 'react';
import { CODE_FORMS, type CodeRequest } from '../../lib/export-code';
import { CopyButton } from '../ui/copy-button';
import { Button } from '../ui/button';
import { SELECTED_TAB } from './selected-tab';
import { useTabs } from '../ui/use-tabs';

/**
 * The request as curl, Python and TypeScript (openai packages). The key is read from the
 * SVC_API_KEY environment variable in every form; the real key is never written.
 */
export function ViewCode({ request }: { request: CodeRequest }) {
  const [form, setForm] = useState<(typeof CODE_FORMS)[number]['id']>('curl');
  const chosen = CODE_FORMS.find((f) => f.id === form) ?? CODE_FORMS[0];
  const code = chosen.render(request);
  const { listProps, tabProps, panelProps } = useTabs(
    CODE_FORMS.map((f) => f.id),
    chosen.id,
    setForm,
  );
  return (
    <div className="flex flex-col gap-1">
      <div className="flex flex-wrap items-center gap-1">
        <div {...listProps} aria-label="Code form" className="flex flex-wrap gap-1">
          {CODE_FORMS.map((f) => (
            <Button key={f.id} size="sm" variant="ghost" className={SELECTED_TAB} {...tabProps(f.id)}>
              {f.label}
            </Button>
          ))}
        </div>
        <CopyButton text={code} />
      </div>
      <p className="text-xs text-zinc-500">
        Set the key first: <code>export SVC_API_KEY=…</code>
      </p>
      <pre
        role="tabpanel"
        {...panelProps}
        tabIndex={0}
        className="rounded bg-zinc-100 p-2 font-mono text-xs whitespace-pre-wrap [overflow-wrap:anywhere] dark:bg-zinc-900"
      >
        {code}
      </pre>
    </div>
  );
}
