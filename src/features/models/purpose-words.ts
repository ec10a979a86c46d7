import { MODEL_PURPOSES, purposesOfModel } from '../../components/params/model-purpose';

/** What a model is for, in words: the pages it suits, or that its id says nothing of it. */
export function purposeWords(id: string): string {
  const purposes = purposesOfModel(id);
  return purposes.length === MODEL_PURPOSES.length ? 'any (its id does not say)' : purposes.join(', ');
}
