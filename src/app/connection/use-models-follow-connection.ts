import { DEFAULT_MODEL, preferredModel } from '../../components/params/model-purpose';
import { useAfterConnectionSwitch } from '../../components/params/use-default-model';
import { selectActiveConnection, useSettingsStore, type ModelPage } from '../../stores';

const PAGES: readonly ModelPage[] = ['chat', 'code', 'vision', 'audio'];

/**
 * After a connection switch, each page's stored model that the new connection does not list gives way
 * to that connection's default for the page (`preferredModel`), so the next request asks for a model
 * the server has. Chat's is the one new conversations start with; the open conversation follows in
 * the chat page.
 */
export function useModelsFollowConnection(): void {
  useAfterConnectionSwitch((listed) => {
    const state = useSettingsStore.getState();
    const lastModels = selectActiveConnection(state)?.lastModels ?? {};
    for (const page of PAGES) {
      // New conversations start with svc-chat when no model is stored: that counts as chat's choice.
      const model = state.parameters[page].model ?? (page === 'chat' ? DEFAULT_MODEL.chat : undefined);
      if (model === undefined || listed.includes(model)) continue;
      const next = preferredModel(page, listed, lastModels[page]);
      // Chat's copy is explicit (new conversations read it); the other pages fall back to the default.
      state.setParameter(page, 'model', page === 'chat' ? next : undefined);
    }
  });
}
