/**
 * The reason a body is cancelled with once `[DONE]` is read: the reply is whole, and whoever
 * watches the body (the wire log) records an end, not a reader that gave up. A module of its own,
 * so the first page can know it without the stream decoder.
 */
export const BODY_COMPLETE = 'The stream is complete: [DONE] was read.';
