/** Shared request-parameter controls: every page's numbers, stop sequences and model choice. */
export { NumberParameter, type InvalidNumber, type NumberParameterProps } from './number-parameter';
export { NumberParameters, type NumberField } from './number-parameters';
export { EnumParameter, type EnumParameterProps } from './enum-parameter';
export { checkNumber, type NumberCheck, type NumberRule } from './number-validation';
export { StopSequencesEditor, type StopSequencesEditorProps } from './stop-sequences-editor';
export { displaySequence, stopList, unescapeSequence, type StopValue } from './stop-sequences';
export { ModelPicker, type ModelPickerProps } from './model-picker';
export {
  DEFAULT_MODEL,
  MODEL_PURPOSES,
  modelSuits,
  preferredModel,
  purposesOfModel,
  type ModelPurpose,
} from './model-purpose';
export { PageEnumParameter } from './page-enum-parameter';
export { PageModelPicker } from './page-model-picker';
export { ResetAll } from './reset-all';
export { useAfterConnectionSwitch, useDefaultModel, useListedModels } from './use-default-model';
