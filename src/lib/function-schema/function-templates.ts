import type { FunctionDefinition } from '../../protocol/wire';

/** A starting point offered in the definitions editor. */
export interface FunctionTemplate {
  id: 'weather' | 'calculator' | 'search';
  label: string;
  definition: FunctionDefinition;
}

/** Three definitions that together use every shape the spec describes: types, descriptions, enum, required. */
export const FUNCTION_TEMPLATES: readonly FunctionTemplate[] = [
  {
    id: 'weather',
    label: 'Weather lookup',
    definition: {
      name: 'get_current_weather',
      description: 'Get the current weather in a given city',
      parameters: {
        type: 'object',
        properties: {
          city: { type: 'string', description: 'The city, e.g. Paris' },
          unit: { type: 'string', description: 'Temperature unit', enum: ['celsius', 'fahrenheit'] },
        },
        required: ['city'],
      },
    },
  },
  {
    id: 'calculator',
    label: 'Calculator',
    definition: {
      name: 'calculate',
      description: 'Evaluate an arithmetic expression and return the number',
      parameters: {
        type: 'object',
        properties: {
          expression: { type: 'string', description: 'The expression, e.g. (2 + 3) * 4' },
          precision: { type: 'integer', description: 'Digits after the decimal point' },
        },
        required: ['expression'],
      },
    },
  },
  {
    id: 'search',
    label: 'Search with an enum',
    definition: {
      name: 'search_documents',
      description: 'Search the document collection for matching documents',
      parameters: {
        type: 'object',
        properties: {
          query: { type: 'string', description: 'What to look for' },
          scope: { type: 'string', description: 'Where to search', enum: ['titles', 'bodies', 'all'] },
          limit: { type: 'integer', description: 'At most this many results' },
        },
        required: ['query', 'scope'],
      },
    },
  },
];

/** Pretty JSON of a definitions list, as the editor shows and exports it. */
export function formatDefinitions(definitions: readonly FunctionDefinition[]): string {
  return JSON.stringify(definitions, null, 2);
}
