import { useCallback, useEffect, useRef, useState } from 'react';
import type { AudioSource } from './audio-source';

/**
 * The chosen audio with a playable object URL. Replacing the source revokes the previous URL,
 * except while a result still plays it (`keep`); leaving the page revokes whatever is left.
 */
export function useAudioSource() {
  const [source, setSource] = useState<AudioSource | null>(null);
  const made = useRef<Set<string>>(new Set());

  useEffect(() => {
    const urls = made.current;
    return () => {
      for (const url of urls) URL.revokeObjectURL(url);
      urls.clear();
    };
  }, []);

  const choose = useCallback((file: File, origin: AudioSource['origin'], keep: string | null) => {
    for (const url of made.current) {
      if (url !== keep) {
        URL.revokeObjectURL(url);
        made.current.delete(url);
      }
    }
    const url = URL.createObjectURL(file);
    made.current.add(url);
    setSource({ file, url, origin });
  }, []);

  return { source, choose };
}
