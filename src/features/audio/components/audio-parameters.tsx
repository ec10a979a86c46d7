import { PageEnumParameter } from '../../../components/params';
// Not in the params index: they bring the pages' store of invalid fields, which chat has no use for.
import { PageNumberParameters } from '../../../components/params/page-number-parameters';
import { PageParametersPanel } from '../../../components/params/page-parameters-panel';
import { Field, INPUT_CLASS } from '../../../components/ui/field';
import type { TranscriptionFormat } from '../../../lib/api';
import { useSettingsStore } from '../../../stores';

const FORMATS: readonly TranscriptionFormat[] = ['json', 'text', 'srt', 'vtt'];
const COMMON_LANGUAGES = [
  'en',
  'de',
  'es',
  'fr',
  'it',
  'ja',
  'ko',
  'nl',
  'pl',
  'pt',
  'pt-BR',
  'ru',
  'tr',
  'uk',
  'zh',
];

/** Model, language, temperature and response_format of the audio page; unset ones are not sent. */
export function AudioParameters() {
  const language = useSettingsStore((s) => s.parameters.audio.language);
  const setParameter = useSettingsStore((s) => s.setParameter);
  return (
    <PageParametersPanel page="audio">
      <PageEnumParameter
        page="audio"
        name="response_format"
        options={FORMATS}
        serverDefault="json"
        hint="json, text, srt or vtt; unset = not sent"
      />
      <Field
        label={<span className="font-mono">language</span>}
        hint="A code such as en or pt-BR; empty or auto = not sent (the server detects it)"
      >
        {(control) => (
          <>
            <input
              {...control}
              type="text"
              list="audio-language-codes"
              autoComplete="off"
              spellCheck={false}
              className={`${INPUT_CLASS} font-mono`}
              placeholder="auto"
              value={language ?? ''}
              onChange={(e) =>
                setParameter('audio', 'language', e.target.value === '' ? undefined : e.target.value)
              }
            />
            <datalist id="audio-language-codes">
              {COMMON_LANGUAGES.map((code) => (
                <option key={code} value={code} />
              ))}
            </datalist>
          </>
        )}
      </Field>
      <PageNumberParameters
        page="audio"
        fields={[{ name: 'temperature', min: 0, max: 1, step: 0.1, serverDefault: '0' }]}
      />
    </PageParametersPanel>
  );
}
