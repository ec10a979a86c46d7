import { useCallback, type RefObject } from 'react';

/**
 * A ref for an `<audio>` that plays `file`: its `blob:` URL is made when the element is attached
 * and revoked when it goes or the file changes, so no file outlives its players in memory.
 * `elementRef` (optional) is kept pointing at the element, for seeking.
 */
export function useAudioSrc(file: Blob | null, elementRef?: RefObject<HTMLAudioElement | null>) {
  return useCallback(
    (audio: HTMLAudioElement | null) => {
      if (elementRef) elementRef.current = audio;
      if (!audio || !file) return undefined;
      const url = URL.createObjectURL(file);
      audio.src = url;
      return () => {
        if (elementRef) elementRef.current = null;
        audio.removeAttribute('src');
        URL.revokeObjectURL(url);
      };
    },
    [file, elementRef],
  );
}
