import type { ReactNode } from 'react';
import { PageModelPicker } from './page-model-picker';
import { PagePresets } from './page-presets';

/**
 * The Parameters tab of a page whose parameters live in the settings (Code, Vision, Audio): the
 * model first, the page's own fields, its presets last. Not in the params index, as PagePresets.
 */
export function PageParametersPanel({
  page,
  children,
}: {
  page: 'code' | 'vision' | 'audio';
  /** The page's own parameter fields, between the model and the presets. */
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-3">
      <PageModelPicker page={page} />
      {children}
      <PagePresets page={page} />
    </div>
  );
}
