import sharp from 'sharp';

/*
 * Pictures the image tests upload, made by sharp as they run (no binary fixture to trust): the
 * unit tests of the image processor, the server's and the browser's tests of the uploads.
 */

/** The camera tags every sideways photo carries: what must never reach a visitor. */
export const PHONE_MAKER = 'PhoneMaker';

/** A picture whose left half is red and right half blue, so its turn can be seen in its pixels. */
export async function redBlueHalves(width: number, height: number): Promise<sharp.Sharp> {
  const half = await sharp({ create: { width: width / 2, height, channels: 3, background: '#1414dc' } })
    .png()
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: '#dc1414' } }).composite([
    { input: half, left: width / 2, top: 0 },
  ]);
}

/**
 * A phone photo stored sideways: `width` x `height` red and blue halves, with EXIF orientation
 * 6 (turn a quarter clockwise: upright, red is on top), GPS and camera tags.
 */
export async function sidewaysPhoneJpeg(width = 600, height = 400): Promise<Buffer> {
  const picture = await (await redBlueHalves(width, height)).jpeg().toBuffer();
  return sharp(picture)
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: PHONE_MAKER, Model: 'Pocket 12' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' },
    })
    .toBuffer();
}

/** Whether an image is upright as sidewaysPhoneJpeg's should be: taller than wide, red at its top. */
export async function isUprightRedOnTop(image: Uint8Array): Promise<boolean> {
  const { data, info } = await sharp(image).raw().toBuffer({ resolveWithObject: true });
  const top = (3 * info.width + Math.floor(info.width / 2)) * info.channels;
  const bottom = ((info.height - 4) * info.width + Math.floor(info.width / 2)) * info.channels;
  const red = (at: number) => (data[at] ?? 0) > 150 && (data[at + 2] ?? 0) < 100;
  const blue = (at: number) => (data[at + 2] ?? 0) > 150 && (data[at] ?? 0) < 100;
  return info.height > info.width && red(top) && blue(bottom);
}
