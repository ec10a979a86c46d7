import type { FunctionCall, ToolCall } from '../../../lib/api';
import { LiveFunctionCall } from '../functions/live-function-call';
import { LiveToolCalls } from '../functions/live-tool-calls';

export interface FunctionCallViewProps {
  call: FunctionCall;
  /** True while the call's name or arguments are still arriving. */
  streaming: boolean;
  /** The message's id, so the card knows whether it is the last call (and offers the result form). */
  messageId?: string;
}

/**
 * How an assistant message shows a function call: the function-call card (arguments as a JSON tree
 * validated against the function's parameters, result form, role-rejection help).
 */
export function FunctionCallView({ call, streaming, messageId }: FunctionCallViewProps) {
  return <LiveFunctionCall call={call} streaming={streaming} messageId={messageId} />;
}

/** How an assistant message shows tools-dialect calls: one card per call, each with its result form. */
export function ToolCallsView(props: { calls: readonly ToolCall[]; streaming: boolean; messageId: string }) {
  return <LiveToolCalls {...props} />;
}
