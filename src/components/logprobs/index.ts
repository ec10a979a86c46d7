export { LogprobsView } from './logprobs-view';
