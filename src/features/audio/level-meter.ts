/**
 * Follows the loudness of a media stream through an AnalyserNode, calling `onLevel` with 0..1 once
 * per animation frame. Returns a stop function. Without Web Audio it does nothing (no meter).
 */
export function meterLevel(stream: MediaStream, onLevel: (level: number) => void): () => void {
  const Context = globalThis.AudioContext as typeof AudioContext | undefined;
  if (!Context) return () => {};
  const context = new Context();
  const analyser = context.createAnalyser();
  analyser.fftSize = 1024;
  context.createMediaStreamSource(stream).connect(analyser);
  const samples = new Uint8Array(analyser.fftSize);
  let frame = 0;
  const tick = () => {
    analyser.getByteTimeDomainData(samples);
    let sum = 0;
    for (const sample of samples) {
      const centred = (sample - 128) / 128;
      sum += centred * centred;
    }
    // Speech RMS sits around 0.05-0.3; scaling by 3 makes it fill the meter without pinning it.
    onLevel(Math.min(1, Math.sqrt(sum / samples.length) * 3));
    frame = requestAnimationFrame(tick);
  };
  frame = requestAnimationFrame(tick);
  return () => {
    cancelAnimationFrame(frame);
    void context.close();
  };
}
