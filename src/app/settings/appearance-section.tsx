import { Field, INPUT_CLASS } from '../../components/ui/field';
import { useSettingsStore, type SendKey, type ThemePreference } from '../../stores';
import { SettingsSection } from './section';

/** Theme and the key that sends a message. */
export function AppearanceSection() {
  const theme = useSettingsStore((s) => s.theme);
  const setTheme = useSettingsStore((s) => s.setTheme);
  const sendKey = useSettingsStore((s) => s.sendKey);
  const setSendKey = useSettingsStore((s) => s.setSendKey);
  return (
    <SettingsSection title="Appearance and keys">
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="Theme" hint="System follows your operating system's light or dark setting.">
          {(control) => (
            <select
              {...control}
              className={INPUT_CLASS}
              value={theme}
              onChange={(e) => setTheme(e.target.value as ThemePreference)}
            >
              <option value="system">System</option>
              <option value="light">Light</option>
              <option value="dark">Dark</option>
            </select>
          )}
        </Field>
        <Field label="Send a message with" hint="The other combination inserts a line break.">
          {(control) => (
            <select
              {...control}
              className={INPUT_CLASS}
              value={sendKey}
              onChange={(e) => setSendKey(e.target.value as SendKey)}
            >
              <option value="enter">Enter (Shift+Enter for a new line)</option>
              <option value="mod-enter">Ctrl/Cmd+Enter (Enter for a new line)</option>
            </select>
          )}
        </Field>
      </div>
    </SettingsSection>
  );
}
