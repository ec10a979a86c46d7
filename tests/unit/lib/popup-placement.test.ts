import { describe, expect, it } from 'vitest';
import { placePopup } from '../../../src/lib/popup-placement';

const viewport = { width: 400, height: 300 };
const size = { width: 160, height: 80 };
const at = (top: number, left: number) => ({ top, left, bottom: top + 20, right: left + 30 });

describe('placePopup', () => {
  it('goes below its anchor, aligned with its left edge, when there is room', () => {
    expect(placePopup(at(50, 100), size, viewport)).toEqual({ top: 74, left: 100, side: 'below' });
  });

  it('goes above an anchor near the bottom of the screen', () => {
    expect(placePopup(at(250, 100), size, viewport)).toEqual({ top: 166, left: 100, side: 'above' });
  });

  it('shifts left instead of running past the right edge, and never past the left one', () => {
    expect(placePopup(at(50, 380), size, viewport).left).toBe(400 - 4 - 160);
    expect(placePopup(at(50, -20), size, viewport).left).toBe(4);
  });

  it('stays on screen when it fits on neither side', () => {
    const tall = { width: 160, height: 280 };
    const placed = placePopup(at(140, 10), tall, viewport);
    expect(placed.top).toBeGreaterThanOrEqual(4);
    expect(placed.top + tall.height).toBeLessThanOrEqual(300);
  });
});
