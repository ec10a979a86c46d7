/**
 * The variants (and the judge) of an experiment file: where each sends (a base URL and the name of
 * the environment variable holding its key, never a key), which model, with which parameters,
 * functions and response format. Parameters are checked as the chat page's controls take them
 * (lib/chat/request-parameter-checks.ts), so a file cannot ask for what the page could not send.
 */
import { readRequestParameters } from '../chat/request-parameter-checks';
import { functionNameProblem } from '../function-schema/function-name';
import { CHAT_PARAMETER_NAMES } from '../../protocol/parameters';
import { readSchema } from './checks/json-check';
import { at, describe, own, readFields, readString, type Fields } from './file-fields';
import {
  MAX_EXPERIMENT_VARIANTS,
  type ExperimentConnection,
  type ExperimentJudge,
  type ExperimentVariant,
} from './experiment';
import type { Issue } from '../chat/json-checks';
import type { ChatParameters } from '../chat/chat-parameters';
import type { FunctionDefinition } from '../../protocol/wire';

/** Field names that would hold a secret: refused wherever a connection is written. */
const SECRET_FIELDS = /^(api[-_]?key|key|token|secret|password|authorization|bearer|headers)$/i;

const KEY_ADVICE =
  'an experiment file never holds a key: put it in an environment variable and name the variable in "apiKeyEnv" (for example "apiKeyEnv": "OPENAI_API_KEY")';

/** Refuses secret-looking fields of `fields` at `path`, with the advice; true when there were none. */
export function refuseSecrets(fields: Fields, path: string, issues: Issue[]): boolean {
  let clean = true;
  for (const key of Object.keys(fields))
    if (SECRET_FIELDS.test(key)) {
      issues.push({ path: at(path, key), reason: `is refused: ${KEY_ADVICE}` });
      clean = false;
    }
  return clean;
}

const isSecret = (key: string) => SECRET_FIELDS.test(key);

/** `readFields`, with secret-looking fields refused first (and not reported twice as unknown). */
function readGuarded(
  value: unknown,
  path: string,
  issues: Issue[],
  known: readonly string[],
): { fields?: Fields; clean: boolean } {
  const clean =
    typeof value === 'object' && value !== null && !Array.isArray(value)
      ? refuseSecrets(value as Fields, path, issues)
      : true;
  const fields = readFields(value, path, issues, known, isSecret);
  return fields ? { fields, clean } : { clean };
}

const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

export function readConnection(
  value: unknown,
  path: string,
  issues: Issue[],
): ExperimentConnection | undefined {
  const { fields, clean } = readGuarded(value, path, issues, ['baseURL', 'apiKeyEnv', 'dialect']);
  if (!fields) return undefined;
  const baseURL = readString(own(fields, 'baseURL'), at(path, 'baseURL'), issues, { nonEmpty: true });
  if (baseURL !== undefined) {
    let url: URL | null = null;
    try {
      url = new URL(baseURL);
    } catch {
      // said below
    }
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:'))
      issues.push({
        path: at(path, 'baseURL'),
        reason: `must be an http or https address, found ${describe(baseURL)}`,
      });
    else if (url.username || url.password)
      issues.push({ path: at(path, 'baseURL'), reason: `must not hold credentials: ${KEY_ADVICE}` });
  }
  const apiKeyEnv = readString(own(fields, 'apiKeyEnv'), at(path, 'apiKeyEnv'), issues, { optional: true });
  if (apiKeyEnv !== undefined && !ENV_NAME.test(apiKeyEnv))
    issues.push({
      path: at(path, 'apiKeyEnv'),
      reason: `must be the NAME of an environment variable (letters, digits, _), found ${describe(apiKeyEnv)}; ${KEY_ADVICE}`,
    });
  const dialect = own(fields, 'dialect');
  if (dialect !== undefined && dialect !== 'legacy' && dialect !== 'tools')
    issues.push({
      path: at(path, 'dialect'),
      reason: `must be "legacy" or "tools", found ${describe(dialect)}`,
    });
  if (baseURL === undefined || !clean) return undefined;
  return {
    baseURL,
    ...(apiKeyEnv !== undefined ? { apiKeyEnv } : {}),
    ...(dialect === 'legacy' || dialect === 'tools' ? { dialect } : {}),
  };
}

/** Fields the run or the variant set, so a file's `parameters` may not. */
const NOT_PARAMETERS: Record<string, string> = {
  model: 'is the variant\'s "model"',
  messages: "come from the experiment's template",
  stream: 'is the experiment\'s "stream"',
  functions: 'are the variant\'s "functions"',
  tools: 'are the variant\'s "tools"',
};

function readParameters(value: unknown, path: string, issues: Issue[]): ChatParameters {
  if (value === undefined) return {};
  const fields = readFields(value, path, issues, [
    ...CHAT_PARAMETER_NAMES,
    'tool_choice',
    ...Object.keys(NOT_PARAMETERS),
  ]);
  if (!fields) return {};
  for (const [key, why] of Object.entries(NOT_PARAMETERS))
    if (Object.hasOwn(fields, key))
      issues.push({ path: at(path, key), reason: `is not set here: it ${why}` });
  const found: Issue[] = [];
  const parameters = readRequestParameters(fields, path, found);
  // The page's checker writes `$.x`-style paths from the one given; ours is given in full.
  issues.push(...found);
  return parameters;
}

function readDefinition(value: unknown, path: string, issues: Issue[]): FunctionDefinition | undefined {
  const fields = readFields(value, path, issues, ['name', 'description', 'parameters']);
  if (!fields) return undefined;
  const name = own(fields, 'name');
  const problem = functionNameProblem(name);
  if (problem) issues.push({ path: at(path, 'name'), reason: problem });
  const description = readString(own(fields, 'description'), at(path, 'description'), issues, {
    optional: true,
  });
  const parameters = own(fields, 'parameters');
  let schema: object | undefined;
  if (parameters !== undefined) {
    schema = readSchema(parameters, at(path, 'parameters'), issues);
    if (schema && (schema as Fields).type !== 'object')
      issues.push({
        path: at(at(path, 'parameters'), 'type'),
        reason: 'must be "object": arguments are an object',
      });
  }
  if (problem) return undefined;
  return {
    name: name as string,
    ...(description !== undefined ? { description } : {}),
    ...(schema ? { parameters: schema as FunctionDefinition['parameters'] & object } : {}),
  };
}

/** `functions` (definitions) or `tools` (`{type: "function", function}`), never both. */
function readFunctions(
  fields: Fields,
  path: string,
  issues: Issue[],
): { functions?: FunctionDefinition[]; tools: boolean } {
  const functions = own(fields, 'functions');
  const tools = own(fields, 'tools');
  if (functions !== undefined && tools !== undefined) {
    issues.push({ path: at(path, 'tools'), reason: 'give "functions" or "tools", not both' });
    return { tools: false };
  }
  const list = tools ?? functions;
  if (list === undefined) return { tools: false };
  const listPath = at(path, tools !== undefined ? 'tools' : 'functions');
  if (!Array.isArray(list)) {
    issues.push({ path: listPath, reason: `must be an array, found ${describe(list)}` });
    return { tools: false };
  }
  const read: FunctionDefinition[] = [];
  const names = new Set<string>();
  list.forEach((item: unknown, i) => {
    let definition: unknown = item;
    let itemPath = at(listPath, i);
    if (tools !== undefined) {
      const tool = readFields(item, itemPath, issues, ['type', 'function']);
      if (!tool) return;
      if (own(tool, 'type') !== 'function')
        issues.push({ path: at(itemPath, 'type'), reason: 'must be "function"' });
      definition = own(tool, 'function');
      itemPath = at(itemPath, 'function');
    }
    const made = readDefinition(definition, itemPath, issues);
    if (!made) return;
    if (names.has(made.name))
      issues.push({ path: at(itemPath, 'name'), reason: `repeats the name '${made.name}'` });
    names.add(made.name);
    read.push(made);
  });
  return { functions: read, tools: tools !== undefined };
}

const VARIANT_FIELDS = [
  'label',
  'connection',
  'model',
  'parameters',
  'functions',
  'tools',
  'response_format',
];

export function readVariant(value: unknown, path: string, issues: Issue[]): ExperimentVariant | undefined {
  const { fields, clean } = readGuarded(value, path, issues, VARIANT_FIELDS);
  if (!fields) return undefined;
  const label = readString(own(fields, 'label'), at(path, 'label'), issues, { nonEmpty: true, max: 100 });
  const connection = readConnection(own(fields, 'connection'), at(path, 'connection'), issues);
  const model = readString(own(fields, 'model'), at(path, 'model'), issues, { nonEmpty: true, max: 200 });
  const parameters = readParameters(own(fields, 'parameters'), at(path, 'parameters'), issues);
  const format = own(fields, 'response_format');
  if (format !== undefined) {
    if (parameters.response_format !== undefined)
      issues.push({
        path: at(path, 'response_format'),
        reason: 'is given twice: here and in "parameters"; keep one',
      });
    else Object.assign(parameters, readParameters({ response_format: format }, path, issues));
  }
  const { functions, tools } = readFunctions(fields, path, issues);
  if (label === undefined || connection === undefined || model === undefined || !clean) return undefined;
  return {
    label,
    connection: tools && !connection.dialect ? { ...connection, dialect: 'tools' } : connection,
    model,
    parameters,
    ...(functions && functions.length > 0 ? { functions } : {}),
  };
}

export function readVariants(value: unknown, path: string, issues: Issue[]): ExperimentVariant[] {
  if (!Array.isArray(value) || value.length === 0 || value.length > MAX_EXPERIMENT_VARIANTS) {
    issues.push({
      path,
      reason: `must be an array of 1 to ${MAX_EXPERIMENT_VARIANTS} variants, found ${Array.isArray(value) ? `${value.length}` : describe(value)}`,
    });
    return [];
  }
  const variants: ExperimentVariant[] = [];
  const labels = new Map<string, number>();
  value.forEach((item: unknown, i) => {
    const variant = readVariant(item, at(path, i), issues);
    if (!variant) return;
    const first = labels.get(variant.label);
    if (first !== undefined)
      issues.push({
        path: at(at(path, i), 'label'),
        reason: `repeats the label of variants[${first}]; each variant needs its own`,
      });
    labels.set(variant.label, i);
    variants.push(variant);
  });
  return variants;
}

export function readJudge(value: unknown, path: string, issues: Issue[]): ExperimentJudge | undefined {
  const { fields, clean } = readGuarded(value, path, issues, ['connection', 'model', 'parameters']);
  if (!fields) return undefined;
  const connection = readConnection(own(fields, 'connection'), at(path, 'connection'), issues);
  const model = readString(own(fields, 'model'), at(path, 'model'), issues, { nonEmpty: true });
  const parameters = readParameters(own(fields, 'parameters'), at(path, 'parameters'), issues);
  if (!connection || model === undefined || !clean) return undefined;
  return { connection, model, ...(Object.keys(parameters).length > 0 ? { parameters } : {}) };
}
