import { useMemo } from 'react';
import { PromptEditor } from '../../components/prompt';
import { missingColumns, templateVariables, type ExperimentTemplate } from '../../lib/experiments/template';

/** The prompt every cell sends, its `{{variables}}` filled from the cell's row. */
export function TemplateEditor({
  template,
  columns,
  onChange,
  newId,
}: {
  template: ExperimentTemplate;
  /** The dataset's variables, to say which the template names and the rows lack. */
  columns: readonly string[];
  onChange: (template: ExperimentTemplate) => void;
  newId: () => string;
}) {
  const variables = useMemo(() => templateVariables(template), [template]);
  const missing = useMemo(() => missingColumns(variables, columns), [variables, columns]);
  // The few-shot editor keys its turns by id; the template's turns are plain, so ids follow places.
  const messages = template.fewShot.map((turn, i) => ({ id: `shot-${i}`, ...turn }));
  const set = (change: Partial<ExperimentTemplate>) => onChange({ ...template, ...change });
  return (
    <section aria-label="Template" className="flex flex-col gap-2">
      <h2 className="text-sm font-medium">Template</h2>
      <p className="text-xs text-zinc-600 dark:text-zinc-400">
        Write <code>{'{{name}}'}</code> where a row’s value goes (<code>{'{{case.city}}'}</code> reads into a
        value).
      </p>
      <PromptEditor
        prompt={{ systemPrompt: template.system, fewShot: messages, message: template.message }}
        onChange={(prompt) =>
          set({
            system: prompt.systemPrompt,
            fewShot: prompt.fewShot.map(({ role, content }) => ({ role, content })),
            message: prompt.message,
          })
        }
        newId={newId}
      />
      <div aria-label="Variables" role="group" className="flex flex-wrap items-center gap-1 text-xs">
        <span className="text-zinc-600 dark:text-zinc-400">
          {variables.length === 0 ? 'No variables: every row sends the same prompt.' : 'Variables:'}
        </span>
        {variables.map((name) => (
          <code
            key={name}
            className={`rounded px-1.5 py-0.5 ${
              missing.includes(name)
                ? 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200'
                : 'bg-zinc-100 text-zinc-800 dark:bg-zinc-800 dark:text-zinc-200'
            }`}
          >
            {name}
          </code>
        ))}
      </div>
      {missing.length > 0 ? (
        <p role="alert" className="text-xs text-red-700 dark:text-red-400">
          The dataset has no column {missing.map((m) => `“${m}”`).join(', ')}: add it, or every row fails with
          that error.
        </p>
      ) : null}
    </section>
  );
}
