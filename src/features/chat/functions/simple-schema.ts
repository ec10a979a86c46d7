import type { FunctionDefinition } from '../../../lib/api';

/** One property as the form edits it. */
export interface FormProperty {
  name: string;
  type: 'string' | 'number' | 'integer' | 'boolean';
  description: string;
  /** Allowed values, for string properties; empty for none. */
  enumValues: string[];
  required: boolean;
}

export interface FormFunction {
  name: string;
  description: string;
  properties: FormProperty[];
}

const FORM_TYPES = new Set(['string', 'number', 'integer', 'boolean']);
const PROPERTY_KEYS = new Set(['type', 'description', 'enum']);

/**
 * Reads definitions into the form's shape, or says why the form cannot show them (a schema with
 * keywords the form has no control for must be edited as JSON, so nothing is lost).
 */
export function toFormFunctions(value: unknown): { functions: FormFunction[] } | { reason: string } {
  if (!Array.isArray(value)) return { reason: 'The JSON is not an array of definitions.' };
  const functions: FormFunction[] = [];
  for (const [i, raw] of value.entries()) {
    const fn = raw as FunctionDefinition;
    if (typeof fn !== 'object' || fn === null || typeof fn.name !== 'string')
      return { reason: `Definition ${i + 1} has no name.` };
    const params = fn.parameters;
    const extra =
      params && Object.keys(params).filter((k) => !['type', 'properties', 'required'].includes(k));
    if (extra && extra.length > 0)
      return { reason: `'${fn.name}' uses ${extra.join(', ')}; edit it as JSON.` };
    const properties: FormProperty[] = [];
    for (const [name, prop] of Object.entries(params?.properties ?? {})) {
      const keys = Object.keys(prop).filter((k) => !PROPERTY_KEYS.has(k));
      if (keys.length > 0 || typeof prop.type !== 'string' || !FORM_TYPES.has(prop.type))
        return {
          reason: `'${fn.name}.${name}' is not a simple property (type, description, enum); edit it as JSON.`,
        };
      if (prop.enum && !prop.enum.every((v) => typeof v === 'string'))
        return { reason: `'${fn.name}.${name}' has a non-string enum; edit it as JSON.` };
      properties.push({
        name,
        type: prop.type as FormProperty['type'],
        description: typeof prop.description === 'string' ? prop.description : '',
        enumValues: (prop.enum as string[] | undefined) ?? [],
        required: params?.required?.includes(name) ?? false,
      });
    }
    functions.push({ name: fn.name, description: fn.description ?? '', properties });
  }
  return { functions };
}

/** The form's functions as spec-shaped definitions (empty description and enum left out). */
export function fromFormFunctions(functions: readonly FormFunction[]): FunctionDefinition[] {
  return functions.map((fn) => ({
    name: fn.name,
    ...(fn.description ? { description: fn.description } : {}),
    parameters: {
      type: 'object',
      properties: Object.fromEntries(
        fn.properties.map((p) => [
          p.name,
          {
            type: p.type,
            ...(p.description ? { description: p.description } : {}),
            ...(p.enumValues.length > 0 ? { enum: p.enumValues } : {}),
          },
        ]),
      ),
      required: fn.properties.filter((p) => p.required).map((p) => p.name),
    },
  }));
}
