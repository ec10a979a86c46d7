import { useStore } from 'zustand';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { useAppStores } from './app-stores';
import type { ShownInvalid } from './describe-invalid-parameters';
import type { ParameterPage } from './slices/parameters-slice';

export interface InvalidPageParametersState {
  /** By page, then by parameter name: fields showing a value the stored one is not. Never saved. */
  invalid: Partial<Record<ParameterPage, Readonly<Record<string, ShownInvalid>>>>;
  /** Records (or, with null, clears) that a field of `page` shows a value no request may carry. */
  setInvalid(page: ParameterPage, name: string, invalid: ShownInvalid | null): void;
  /** Clears every field of `page` (Reset all). */
  clear(page: ParameterPage): void;
  /** Puts back what `clear` took (its undo). */
  restore(page: ParameterPage, fields: Readonly<Record<string, ShownInvalid>>): void;
}

const NONE: Readonly<Record<string, ShownInvalid>> = {};

/**
 * The Code, Vision and Audio pages' invalid fields. Outside the fields themselves, so the inspector
 * tab holding them can close while Run, in the work area, still knows to hold. One per app (in
 * `AppStores`), so nothing carries from one app, or one test, to the next.
 */
export function createInvalidPageParametersStore(): StoreApi<InvalidPageParametersState> {
  return createStore<InvalidPageParametersState>()((set) => ({
    invalid: {},
    setInvalid: (page, name, shown) =>
      set((state) => {
        const { [name]: was, ...rest } = state.invalid[page] ?? NONE;
        if (!shown && !was) return state;
        if (shown && was?.text === shown.text && was.reason === shown.reason) return state;
        return { invalid: { ...state.invalid, [page]: shown ? { ...rest, [name]: shown } : rest } };
      }),
    clear: (page) => set((state) => ({ invalid: { ...state.invalid, [page]: NONE } })),
    restore: (page, fields) => set((state) => ({ invalid: { ...state.invalid, [page]: fields } })),
  }));
}

/** A value of this app's store of invalid fields, through a selector. */
export function useInvalidPageParameters<T>(select: (state: InvalidPageParametersState) => T): T {
  return useStore(useAppStores().invalidParameters, select);
}

/** The invalid fields of `page`, by name (the same object until one changes). */
export function usePageInvalid(page: ParameterPage): Readonly<Record<string, ShownInvalid>> {
  return useInvalidPageParameters((s) => s.invalid[page] ?? NONE);
}
