/// <reference lib="webworker" />
// Draws the falling characters on an OffscreenCanvas, off the main thread. The page tells it
// when to run: only while the hero is on screen, the tab is visible, and motion is welcome.

const CHARACTERS = '01<>{}[]/\\#$%&*+=:;|~ROOTACCESSroot0x7F';
const FONT_SIZE = 16;
const FRAME_MS = 1000 / 24;

let context: OffscreenCanvasRenderingContext2D | null = null;
let canvas: OffscreenCanvas | null = null;
let drops: number[] = [];
let running = false;
let timer: ReturnType<typeof setTimeout> | undefined;

function randomCharacter(): string {
  return CHARACTERS[Math.floor(Math.random() * CHARACTERS.length)] ?? '0';
}

function resize(width: number, height: number, ratio: number): void {
  if (canvas === null || context === null) return;
  canvas.width = Math.max(1, Math.floor(width * ratio));
  canvas.height = Math.max(1, Math.floor(height * ratio));
  context.setTransform(ratio, 0, 0, ratio, 0, 0);
  const columns = Math.ceil(width / FONT_SIZE);
  drops = Array.from({ length: columns }, () => Math.floor((Math.random() * height) / FONT_SIZE));
  drawStill(width, height);
}

/** One calm frame: what people who prefer reduced motion see. */
function drawStill(width: number, height: number): void {
  if (context === null) return;
  context.fillStyle = '#07110b';
  context.fillRect(0, 0, width, height);
  context.font = `${FONT_SIZE}px monospace`;
  context.fillStyle = 'rgba(57, 255, 136, 0.18)';
  drops.forEach((row, column) => {
    for (let y = row; y > row - 6 && y >= 0; y -= 1)
      context?.fillText(randomCharacter(), column * FONT_SIZE, y * FONT_SIZE);
  });
}

function frame(): void {
  if (!running || context === null || canvas === null) return;
  const width = canvas.width;
  const height = canvas.height;
  context.fillStyle = 'rgba(7, 17, 11, 0.14)';
  context.fillRect(0, 0, width, height);
  context.font = `${FONT_SIZE}px monospace`;
  context.fillStyle = 'rgba(57, 255, 136, 0.55)';
  drops = drops.map((row, column) => {
    context?.fillText(randomCharacter(), column * FONT_SIZE, row * FONT_SIZE);
    return row * FONT_SIZE > height && Math.random() > 0.975 ? 0 : row + 1;
  });
  timer = setTimeout(frame, FRAME_MS);
}

self.onmessage = (event: MessageEvent) => {
  const message = event.data as
    | { type: 'init'; canvas: OffscreenCanvas; width: number; height: number; ratio: number }
    | { type: 'resize'; width: number; height: number; ratio: number }
    | { type: 'run'; running: boolean };
  if (message.type === 'init') {
    canvas = message.canvas;
    context = canvas.getContext('2d');
    resize(message.width, message.height, message.ratio);
  } else if (message.type === 'resize') {
    resize(message.width, message.height, message.ratio);
  } else if (message.running !== running) {
    running = message.running;
    clearTimeout(timer);
    if (running) frame();
  }
};
