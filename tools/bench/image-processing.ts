// `pnpm tsx tools/bench/image-processing.ts`: how long a cover takes to process at the
// cover's widths (SharpImageProcessor: sniff, header, decode upright, WebP and JPEG at every
// width), for a 12-megapixel phone photo as JPEG (sideways, with EXIF orientation 6), as PNG
// and as WebP; the bytes of each format; and how late the event loop ran meanwhile, which
// shows the work is off it. Goal: a 12-megapixel photo in at most 2 s. A measurement, never a
// timed test.
//
//   pnpm tsx tools/bench/image-processing.ts [--runs N] [--avif]
//   --avif   AVIF too, as SharpImageProcessor's `avif` option makes it
import { monitorEventLoopDelay, performance, type Histogram } from 'node:perf_hooks';

import { SharpImageProcessor } from '@memoir/platform-node';
import sharp from 'sharp';

const GOAL_MS = 2000;
const WIDTH = 4032;
const HEIGHT = 3024;
const runs = Number(process.argv[process.argv.indexOf('--runs') + 1]) || 5;

/** Grain over soft gradients: as hard on the encoders as a real photo (pure noise would be harder still). */
async function phonePhoto(): Promise<sharp.Sharp> {
  return sharp(illustration()).composite([{ input: await grain(), blend: 'overlay' }]);
}

function grain(): Promise<Buffer> {
  return sharp({
    create: {
      width: WIDTH,
      height: HEIGHT,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .blur(1.2)
    .png({ compressionLevel: 1 })
    .toBuffer();
}

/** Flat colours and gradients, as a designed cover is: what a PNG upload usually holds. */
function illustration(): Buffer {
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}"><defs>` +
      '<linearGradient id="g" x2="1" y2="1"><stop offset="0" stop-color="#2a6"/><stop offset="1" stop-color="#d84"/></linearGradient>' +
      `</defs><rect width="100%" height="100%" fill="url(#g)"/><circle cx="1500" cy="1200" r="700" fill="#fe8"/></svg>`,
  );
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

async function measure(name: string, file: Buffer, processor: SharpImageProcessor): Promise<void> {
  const times: number[] = [];
  let bytes = '';
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    const result = await processor.process(file, 'cover');
    times.push(performance.now() - started);
    if (!result.ok) throw new Error(`${name} refused: ${result.error}`);
    const byFormat = new Map<string, number>();
    for (const variant of result.value.variants)
      byFormat.set(variant.format, (byFormat.get(variant.format) ?? 0) + variant.bytes.length);
    bytes = [...byFormat].map(([format, total]) => `${format} ${(total / 1000).toFixed(0)} KB`).join(', ');
  }
  delay.disable();
  const ms = median(times);
  const verdict = ms <= GOAL_MS ? 'meets' : 'MISSES';
  process.stdout.write(
    `${name.padEnd(34)} ${(file.length / 1e6).toFixed(1).padStart(5)} MB  median ${ms.toFixed(0).padStart(5)} ms ` +
      `(max ${Math.max(...times).toFixed(0)})  ${loopDelay(delay)}  ${verdict} <= ${GOAL_MS} ms\n` +
      `${''.padEnd(43)} every width: ${bytes}\n`,
  );
}

const loopDelay = (delay: Histogram) =>
  `event-loop delay p99 ${(delay.percentile(99) / 1e6).toFixed(1)} ms, max ${(delay.max / 1e6).toFixed(1)} ms`;

/** The event loop's delay doing nothing for a second: on a shared machine, not zero either. */
async function idleDelay(): Promise<string> {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  await new Promise((resolve) => setTimeout(resolve, 1000));
  delay.disable();
  return loopDelay(delay);
}

async function main(): Promise<void> {
  const photo = await phonePhoto();
  const raw = await photo.raw().toBuffer({ resolveWithObject: true });
  const fromRaw = () => sharp(raw.data, { raw: raw.info });
  const files: [string, Buffer][] = [
    [
      '12 MP JPEG, orientation 6, q92',
      await fromRaw().jpeg({ quality: 92 }).withMetadata({ orientation: 6 }).toBuffer(),
    ],
    ['12 MP PNG, an illustration', await sharp(illustration()).png().toBuffer()],
    ['12 MP WebP, q85', await fromRaw().webp({ quality: 85 }).toBuffer()],
  ];
  const processor = new SharpImageProcessor({ avif: process.argv.includes('--avif') });
  process.stdout.write(`${runs} runs each, sharp concurrency ${sharp.concurrency()}, ${WIDTH}x${HEIGHT}\n`);
  process.stdout.write(`${'idle, for comparison'.padEnd(43)} ${await idleDelay()}\n`);
  for (const [name, file] of files) await measure(name, file, processor);
}

void main();
