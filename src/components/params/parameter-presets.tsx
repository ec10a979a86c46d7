import { useId, useState, type FormEvent } from 'react';
import { newConnectionId } from '../../lib/connection';
import { makePreset, MAX_PRESET_NAME, type ParameterPreset, type PresetPage } from '../../lib/presets/presets';
import { useSettingsStore } from '../../stores';
import { Button } from '../ui/button';
import { INPUT_CLASS } from '../ui/field';

/** What the last action did, said once under the controls; Apply and Delete can be undone. */
type Notice =
  | { kind: 'applied'; name: string; before: Record<string, unknown> }
  | { kind: 'saved'; name: string; replaced: boolean }
  | { kind: 'deleted'; preset: ParameterPreset; index: number }
  | { kind: 'problem'; text: string };

export interface ParameterPresetsProps {
  page: PresetPage;
  /** The page's parameters as they are now (the model included), what Save stores. */
  current: Readonly<object>;
  /**
   * Sets the page's parameters to `values`: every parameter the preset does not hold goes back to
   * the server default; the model changes only when the preset names one.
   */
  onApply: (values: Readonly<Record<string, unknown>>) => void;
}

/**
 * Saved parameter sets of one page: pick one and Apply it, save the parameters shown under a name
 * (the same name replaces that preset), or delete one. Presets are kept with the settings in this
 * browser; Apply and Delete say what they did and offer Undo.
 */
export function ParameterPresets({ page, current, onApply }: ParameterPresetsProps) {
  const all = useSettingsStore((s) => s.presets);
  const savePreset = useSettingsStore((s) => s.savePreset);
  const deletePreset = useSettingsStore((s) => s.deletePreset);
  const restorePreset = useSettingsStore((s) => s.restorePreset);
  const presets = all.filter((p) => p.page === page);
  const [chosenId, setChosenId] = useState('');
  const [name, setName] = useState('');
  const [notice, setNotice] = useState<Notice | null>(null);
  const id = useId();
  const chosen = presets.find((p) => p.id === chosenId) ?? null;

  const apply = () => {
    if (!chosen) return;
    setNotice({ kind: 'applied', name: chosen.name, before: { ...current } });
    onApply(chosen.values);
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    const made = makePreset(page, name, current, all, Date.now(), newConnectionId);
    if (!made.ok) {
      setNotice({ kind: 'problem', text: made.problem });
      return;
    }
    const replaced = all.some((p) => p.id === made.preset.id);
    savePreset(made.preset);
    setChosenId(made.preset.id);
    setName('');
    setNotice({ kind: 'saved', name: made.preset.name, replaced });
  };

  const remove = () => {
    if (!chosen) return;
    setNotice({ kind: 'deleted', preset: chosen, index: all.indexOf(chosen) });
    deletePreset(chosen.id);
    setChosenId('');
  };

  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-2">
      <h3 id={`${id}-title`} className="text-xs font-semibold tracking-wide text-zinc-600 uppercase dark:text-zinc-400">
        Presets
      </h3>
      <div className="flex flex-wrap items-end gap-2">
        <label className="flex min-w-0 flex-1 flex-col gap-1 text-xs">
          <span>Preset</span>
          <select
            className={INPUT_CLASS}
            value={chosen ? chosen.id : ''}
            onChange={(e) => setChosenId(e.target.value)}
          >
            <option value="">{presets.length === 0 ? 'none saved yet' : 'choose a preset'}</option>
            {presets.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </label>
        <Button size="sm" onClick={apply} disabled={!chosen}>
          Apply
        </Button>
        <Button size="sm" variant="ghost" onClick={remove} disabled={!chosen}>
          Delete
        </Button>
      </div>
      <form className="flex flex-wrap items-end gap-2" onSubmit={save}>
        <label className="flex min-w-0 flex-1 flex-col gap-1 text-xs">
          <span>Save these parameters as</span>
          <input
            className={INPUT_CLASS}
            value={name}
            maxLength={MAX_PRESET_NAME + 20}
            placeholder="a name, e.g. precise"
            onChange={(e) => setName(e.target.value)}
          />
        </label>
        <Button size="sm" type="submit">
          {presets.some((p) => p.name === name.trim()) ? 'Replace' : 'Save'}
        </Button>
      </form>
      <PresetNotice
        notice={notice}
        onUndo={() => {
          if (notice?.kind === 'applied') onApply(notice.before);
          if (notice?.kind === 'deleted') {
            restorePreset(notice.preset, notice.index);
            setChosenId(notice.preset.id);
          }
          setNotice(null);
        }}
      />
    </section>
  );
}

function PresetNotice({ notice, onUndo }: { notice: Notice | null; onUndo: () => void }) {
  if (notice === null) return <p role="status" className="sr-only" />;
  if (notice.kind === 'problem')
    return (
      <p role="alert" className="text-xs text-red-700 dark:text-red-300">
        {notice.text}
      </p>
    );
  const text =
    notice.kind === 'applied'
      ? `Applied “${notice.name}”.`
      : notice.kind === 'saved'
        ? `${notice.replaced ? 'Replaced' : 'Saved'} “${notice.name}”.`
        : `Deleted “${notice.preset.name}”.`;
  return (
    <p role="status" className="flex flex-wrap items-center gap-2 text-xs text-zinc-700 dark:text-zinc-300">
      {text}
      {notice.kind !== 'saved' ? (
        <Button size="sm" onClick={onUndo}>
          Undo
        </Button>
      ) : null}
    </p>
  );
}
