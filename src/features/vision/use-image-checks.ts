import { useEffect, useState, type ComponentType } from 'react';
import type { ImageCheck, SentRequest } from './check-images';
import type { ImageProblemsSummaryProps } from './components/image-problems-summary';
import type { ImageEntry } from './image-entry';
import type * as ImageRules from './image-rules';
import { useSettled } from './use-settled';

// As long as the preview waits: a URL is judged once typing pauses, not letter by letter.
const SETTLE_MS = 300;

type Rules = typeof ImageRules;
let rules: Rules | null = null;
const loadRules = () => import('./image-rules').then((loaded) => (rules = loaded));

const NOTHING: ImageCheck = { shown: [], blocking: [], rows: new Map(), refusal: null };

export interface ImageChecks extends ImageCheck {
  /** Why nothing is checked here (the checks' code did not load), or null. */
  unchecked: string | null;
  privateAllowed: boolean;
  setPrivateAllowed: (allowed: boolean) => void;
  /** True when the images may be sent now; otherwise shows every problem at once, typed or not. */
  ready: () => Promise<boolean>;
  /** Lists the problems; null until the checks' code is here (there is nothing to list before). */
  Summary: ComponentType<ImageProblemsSummaryProps> | null;
}

/**
 * Checks every image before sending, showing what is wrong once its URL stops changing, and names
 * the image the last request's error points at (`sent`: what that request was built from).
 * Whether private addresses may go is the page's to keep (the last argument, state and setter).
 */
export function useImageChecks(
  images: ImageEntry[],
  error: unknown,
  sent: SentRequest | null,
  [privateAllowed, setPrivateAllowed]: [boolean, (allowed: boolean) => void],
): ImageChecks {
  const [loaded, setLoaded] = useState(rules);
  const [unchecked, setUnchecked] = useState<string | null>(null);
  const [settled, settleNow] = useSettled(images, SETTLE_MS);
  useEffect(() => {
    if (loaded) return undefined;
    let live = true;
    loadRules().then(
      (done) => live && setLoaded(done),
      (cause: unknown) => live && setUnchecked(`Images are not checked here: ${String(cause)}`),
    );
    return () => {
      live = false;
    };
  }, [loaded]);

  const input = { images, settled, privateAllowed, error, sent };
  return {
    ...(loaded?.checkImages(input) ?? NOTHING),
    unchecked,
    privateAllowed,
    setPrivateAllowed,
    ready: async () => {
      // Sent unchecked if the code cannot be had: the service still checks, and its answer shows.
      const now = loaded ?? (await loadRules().catch(() => null));
      if (!now || now.checkImages({ ...input, settled: null }).blocking.length === 0) return true;
      settleNow();
      return false;
    },
    Summary: loaded?.ImageProblemsSummary ?? null,
  };
}
