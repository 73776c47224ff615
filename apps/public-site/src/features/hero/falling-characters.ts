/**
 * Starts the falling characters in `host`: a canvas handed to a worker, so drawing never
 * competes with the page for the main thread. It runs only while on screen, with the tab
 * visible and without a reduced-motion preference (then one still frame is drawn).
 * Returns the function that stops it.
 */
export function startFallingCharacters(host: HTMLElement): () => void {
  const canvas = document.createElement('canvas');
  canvas.className = 'hero-rain';
  canvas.setAttribute('aria-hidden', 'true');
  host.prepend(canvas);
  if (typeof canvas.transferControlToOffscreen !== 'function' || typeof Worker === 'undefined') {
    return () => canvas.remove();
  }

  const worker = new Worker(new URL('./falling-characters.worker.ts', import.meta.url), { type: 'module' });
  const size = () => ({
    width: host.clientWidth,
    height: host.clientHeight,
    ratio: Math.min(window.devicePixelRatio || 1, 2),
  });
  const offscreen = canvas.transferControlToOffscreen();
  worker.postMessage({ type: 'init', canvas: offscreen, ...size() }, [offscreen]);

  const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)');
  let onScreen = false;
  const update = () => {
    const running = onScreen && !reducedMotion.matches && document.visibilityState === 'visible';
    host.dataset.animating = String(running);
    worker.postMessage({ type: 'run', running });
  };
  const visibility = new IntersectionObserver(([entry]) => {
    onScreen = entry?.isIntersecting ?? false;
    update();
  });
  visibility.observe(host);
  const resize = new ResizeObserver(() => worker.postMessage({ type: 'resize', ...size() }));
  resize.observe(host);
  reducedMotion.addEventListener('change', update);
  document.addEventListener('visibilitychange', update);
  update();

  return () => {
    visibility.disconnect();
    resize.disconnect();
    reducedMotion.removeEventListener('change', update);
    document.removeEventListener('visibilitychange', update);
    worker.terminate();
    canvas.remove();
  };
}
