/** The one JSON tree of the playground, and a tree/raw/copy view around it. */
export { JsonTree, type JsonTreeProps } from './json-tree';
export { JsonView, type JsonViewProps } from './json-view';
