import type { ListedModel as Model } from '../../lib/api';

/**
 * The models whose id or owner contains every word of the filter (case-insensitive), sorted by
 * id. An empty filter keeps them all.
 */
export function filterModels(models: readonly Model[], filter: string): Model[] {
  const words = filter.toLowerCase().split(/\s+/).filter(Boolean);
  return models
    .filter((m) => {
      const haystack = `${m.id} ${m.owned_by}`.toLowerCase();
      return words.every((w) => haystack.includes(w));
    })
    .sort((a, b) => a.id.localeCompare(b.id));
}
