/**
 * Resolves once `count` animation frames have run from now. Frames run their callbacks in the order
 * they were asked for, so a frame a component asked for before this call has run by the end of the
 * first: after two, whatever it scheduled for its next frame, and what that frame set off (a scroll
 * event a task later), has had its chance. A "nothing moved" check waits for this first.
 */
export function framesPassed(count = 2): Promise<void> {
  return new Promise((resolve) => {
    let left = count;
    const tick = () => {
      left -= 1;
      if (left === 0) resolve();
      else requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
}
