import { JsonReply } from '../json-mode/json-reply';

export interface JsonReplyViewProps {
  text: string;
  streaming: boolean;
}

/**
 * How an assistant reply is shown when JSON mode (`response_format: {type: "json_object"}`) is on:
 * a collapsible tree with raw view and copy; while streaming, how far it parses; the break marked.
 */
export function JsonReplyView({ text, streaming }: JsonReplyViewProps) {
  return <JsonReply text={text} streaming={streaming} />;
}
