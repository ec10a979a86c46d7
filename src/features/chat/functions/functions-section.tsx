import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { FilePicker } from '../../../components/ui/file-picker';
import { formatDefinitions, FUNCTION_TEMPLATES, parseJson } from '../../../lib/function-schema';
import { DefinitionsCodeEditor } from './definitions-code-editor';
import { DefinitionsForm } from './definitions-form';
import { FunctionCallMode } from './function-call-mode';
import { ParallelCallsControl } from './parallel-calls-control';
import { useWorkbench } from './use-workbench';
import { downloadText, readDefinitionsFile } from './import-export';
import { MockHandlers } from './mock-handlers';
import { fromFormFunctions, toFormFunctions } from './simple-schema';

/** The side-panel section: function definitions (JSON or form), templates, import/export, function_call, mocks. */
export function FunctionsSection() {
  const { workbench, state } = useWorkbench();
  const [view, setView] = useState<'json' | 'form'>('json');
  const [importError, setImportError] = useState<string | null>(null);
  const [templateNote, setTemplateNote] = useState<string | null>(null);
  const problemsId = useId();
  const parsed = parseJson(state.text.trim() === '' ? '[]' : state.text);
  const form = parsed.ok ? toFormFunctions(parsed.value) : { reason: 'Fix the JSON syntax to use the form.' };

  const addTemplate = (id: string) => {
    const template = FUNCTION_TEMPLATES.find((t) => t.id === id);
    if (!template) return;
    const current: unknown[] = parsed.ok && Array.isArray(parsed.value) ? parsed.value : [];
    // A second copy of a name makes the definitions invalid and blocks Send: say so instead of adding it.
    if (current.some((d) => definedName(d) === template.definition.name)) {
      setTemplateNote(
        `${template.definition.name} is already defined; edit it above or rename it to add another.`,
      );
      return;
    }
    setTemplateNote(null);
    workbench.setText(JSON.stringify([...current, template.definition], null, 2));
  };

  return (
    <div className="flex flex-col gap-2 text-xs">
      <div className="flex flex-wrap items-center gap-1">
        <Button size="sm" variant="ghost" aria-pressed={view === 'json'} onClick={() => setView('json')}>
          JSON
        </Button>
        <Button size="sm" variant="ghost" aria-pressed={view === 'form'} onClick={() => setView('form')}>
          Form
        </Button>
        <select
          aria-label="Add a template"
          className="rounded border border-zinc-300 bg-transparent px-1 py-0.5 dark:border-zinc-700"
          value=""
          onChange={(e) => addTemplate(e.target.value)}
        >
          <option value="">+ Template…</option>
          {FUNCTION_TEMPLATES.map((t) => (
            <option key={t.id} value={t.id}>
              {t.label}
            </option>
          ))}
        </select>
      </div>
      {templateNote ? (
        <p role="status" className="text-amber-800 dark:text-amber-300">
          {templateNote}
        </p>
      ) : null}
      {view === 'json' ? (
        <DefinitionsCodeEditor
          value={state.text}
          onChange={(text) => workbench.setText(text)}
          label="Function definitions (JSON)"
        />
      ) : 'functions' in form ? (
        <DefinitionsForm
          functions={form.functions}
          onChange={(fns) => workbench.setText(formatDefinitions(fromFormFunctions(fns)))}
        />
      ) : (
        <p role="note">The form cannot show these definitions: {form.reason}</p>
      )}
      {state.check.problems.length > 0 ? (
        <ul
          id={problemsId}
          aria-label="Problems in the function definitions"
          className="flex flex-col gap-0.5 text-red-700 dark:text-red-400"
        >
          {state.check.problems.map((p, i) => (
            <li key={i}>
              Line {p.line}: {p.message}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-zinc-500" role="status">
          {state.check.definitions?.length ?? 0} function(s) defined, all valid.
        </p>
      )}
      <div className="flex flex-wrap gap-1">
        <Button
          size="sm"
          variant="ghost"
          disabled={state.text.trim() === ''}
          onClick={() => downloadText('functions.json', state.text)}
        >
          Export JSON
        </Button>
        <FilePicker
          accept="application/json,.json"
          className="inline-flex cursor-pointer items-center rounded px-2 py-0.5 font-medium hover:bg-zinc-100 focus-within:ring-2 focus-within:ring-sky-500 dark:hover:bg-zinc-800"
          onFiles={([file]) => {
            if (!file) return;
            readDefinitionsFile(file).then(
              (text) => {
                setImportError(null);
                workbench.setText(text);
              },
              (error: unknown) =>
                setImportError(
                  `The file could not be read: ${error instanceof Error ? error.message : String(error)}.`,
                ),
            );
          }}
        >
          Import JSON
        </FilePicker>
      </div>
      {importError ? <p role="alert">{importError}</p> : null}
      <FunctionCallMode />
      <ParallelCallsControl />
      <MockHandlers />
    </div>
  );
}

function definedName(definition: unknown): unknown {
  return typeof definition === 'object' && definition !== null && 'name' in definition
    ? definition.name
    : undefined;
}
