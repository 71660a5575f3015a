import sharp from "sharp";

/** A real photo-like PNG made on the spot (a gradient, so it is not trivially small). */
export async function pngPhoto(width = 1200, height = 800): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i += 3) {
    pixels[i] = (i / 3) % width % 256;
    pixels[i + 1] = Math.floor(i / 3 / width) % 256;
    pixels[i + 2] = 128;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } }).png().toBuffer();
}
