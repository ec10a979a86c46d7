/** A box on screen, in viewport pixels. */
export interface Box {
  top: number;
  left: number;
  bottom: number;
  right: number;
}

export interface Placement {
  top: number;
  left: number;
  /** Below the anchor when it fits there, else above (whichever has more room when neither fits). */
  side: 'below' | 'above';
}

/**
 * Where a popup of `size` goes next to `anchor` so that it stays inside the viewport: below the
 * anchor when there is room, above when not, and shifted sideways rather than cut at an edge.
 * Placed against the viewport (position: fixed) so no scrolling or clipping container can hide it.
 */
export function placePopup(
  anchor: Box,
  size: { width: number; height: number },
  viewport: { width: number; height: number },
  gap = 4,
  margin = 4,
): Placement {
  const roomBelow = viewport.height - anchor.bottom - gap - margin;
  const roomAbove = anchor.top - gap - margin;
  const side = size.height <= roomBelow || roomBelow >= roomAbove ? 'below' : 'above';
  const wanted = side === 'below' ? anchor.bottom + gap : anchor.top - gap - size.height;
  const top = clamp(wanted, margin, viewport.height - margin - size.height);
  const left = clamp(anchor.left, margin, viewport.width - margin - size.width);
  return { top, left, side };
}

/** `value` within [low, high]; `low` when the range is empty (a popup larger than the screen starts at its edge). */
function clamp(value: number, low: number, high: number): number {
  return Math.max(low, Math.min(value, high));
}
