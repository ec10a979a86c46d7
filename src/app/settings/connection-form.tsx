import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { CheckboxField } from '../../components/ui/checkbox-field';
import { Field, INPUT_CLASS } from '../../components/ui/field';
import { normalizeBaseURL } from '../../lib/api';
import { baseURLHost } from '../../lib/connection';
import type { ConnectionInput } from '../../stores';
import { ConnectionTest } from './connection-test';
import { ServerDialectFields, type ServerDialectValues } from './server-dialect-fields';

export interface ConnectionFormValues extends ServerDialectValues {
  name: string;
  baseURL: string;
  apiKey: string;
  rememberKey: boolean;
}

export interface ConnectionFormProps {
  initial: ConnectionFormValues;
  /** Heading of the form, e.g. "New connection" or "Edit Local service". */
  title: string;
  onSave: (values: ConnectionInput) => void;
  onCancel: () => void;
}

/** Validates a base URL as typed: the normalised URL, or the reason it is refused. */
function checkBaseURL(input: string): { normalized: string | null; error: string | null } {
  try {
    return { normalized: normalizeBaseURL(input), error: null };
  } catch (error) {
    return { normalized: null, error: error instanceof Error ? error.message : String(error) };
  }
}

/** Adds or edits one connection: name, base URL (checked as typed), API key, and whether to remember it. */
export function ConnectionForm({ initial, title, onSave, onCancel }: ConnectionFormProps) {
  const [values, setValues] = useState(initial);
  const [reveal, setReveal] = useState(false);
  const [touched, setTouched] = useState(false);
  const titleId = useId();
  const check = checkBaseURL(values.baseURL);
  const showError = touched || values.baseURL !== '' ? check.error : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (check.error !== null) return;
    const name = values.name.trim() || baseURLHost(check.normalized ?? values.baseURL);
    onSave({
      name,
      baseURL: values.baseURL.trim(),
      apiKey: values.apiKey.trim(),
      rememberKey: values.rememberKey,
      functionDialect: values.functionDialect,
      chatImages: values.chatImages,
      thinkTags: values.thinkTags,
    });
  };

  return (
    <form
      onSubmit={submit}
      aria-labelledby={titleId}
      noValidate
      className="flex flex-col gap-3 rounded border border-zinc-200 p-3 dark:border-zinc-700"
    >
      <h4 id={titleId} className="text-sm font-medium">
        {title}
      </h4>
      <Field label="Name" hint="Shown in the header's connection switch; empty uses the host.">
        {(control) => (
          <input
            {...control}
            className={INPUT_CLASS}
            value={values.name}
            placeholder="e.g. production"
            onChange={(e) => setValues({ ...values, name: e.target.value })}
          />
        )}
      </Field>
      <Field
        label="Base URL"
        error={showError}
        hint={
          check.normalized
            ? `Requests go to ${check.normalized}/chat/completions and so on.`
            : 'With or without /v1.'
        }
      >
        {(control) => (
          <input
            {...control}
            className={`${INPUT_CLASS} font-mono`}
            value={values.baseURL}
            inputMode="url"
            autoComplete="url"
            spellCheck={false}
            placeholder="http://127.0.0.1:8787/v1"
            onChange={(e) => setValues({ ...values, baseURL: e.target.value })}
            onBlur={() => setTouched(true)}
          />
        )}
      </Field>
      <Field label="API key" hint="Sent as Authorization: Bearer <key>. Empty sends no Authorization header.">
        {(control) => (
          <div className="flex gap-1.5">
            <input
              {...control}
              type={reveal ? 'text' : 'password'}
              className={`${INPUT_CLASS} font-mono`}
              value={values.apiKey}
              autoComplete="off"
              spellCheck={false}
              onChange={(e) => setValues({ ...values, apiKey: e.target.value })}
            />
            {/* A toggle keeps its name; pressed says the key is shown (a name that flipped too would
                read "Hide key, pressed" and contradict itself). */}
            <Button
              size="sm"
              className="shrink-0 whitespace-nowrap"
              aria-pressed={reveal}
              onClick={() => setReveal(!reveal)}
            >
              Show key
            </Button>
          </div>
        )}
      </Field>
      <CheckboxField
        label="Remember this key"
        checked={values.rememberKey}
        onChange={(rememberKey) => setValues({ ...values, rememberKey })}
        noteClassName="text-xs text-amber-800 dark:text-amber-300"
        note={
          <>
            A remembered key is stored unencrypted in this browser&apos;s localStorage; otherwise it is kept
            in memory and forgotten on reload.
          </>
        }
      />
      <ServerDialectFields values={values} onChange={(next) => setValues({ ...values, ...next })} />
      <ConnectionTest
        baseURL={check.normalized ?? values.baseURL}
        apiKey={values.apiKey.trim()}
        disabled={check.error !== null}
        onUseSuggestion={(baseURL) => setValues({ ...values, baseURL })}
      />
      <div className="flex gap-2">
        <Button type="submit" variant="primary" disabled={touched && check.error !== null}>
          Save connection
        </Button>
        <Button onClick={onCancel}>Cancel</Button>
      </div>
    </form>
  );
}
