import type { Sharp } from 'sharp';
import { AppError } from './app-error.js';

/** The largest picture side accepted, so decoding stays bounded: 4096 × 4096 decodes to 64 MB of RGBA. */
export const MAX_PICTURE_SIDE = 4096;

export type PictureFormat = 'png' | 'jpg' | 'webp';

/** sharp (libvips) loads with the first picture, not at start-up. */
const loadSharp = async () => (await import('sharp')).default;

/**
 * Re-encodes an uploaded picture whose type the caller has already judged by its bytes: the size is
 * read from the header first, so a decompression bomb (huge dimensions in a tiny file) is refused
 * before any pixel is decoded; the pixels are then decoded and written anew in the same format, which
 * drops EXIF (GPS, camera), XMP, ICC and comments, and anything hidden after the image data.
 * Orientation is applied to the pixels before the EXIF that carried it goes. 422 on `file` otherwise.
 */
export async function cleanPicture(data: Buffer, format: PictureFormat): Promise<Buffer> {
  const sharp = await loadSharp();
  let width: number | undefined;
  let height: number | undefined;
  try {
    // Reads the header only, so no pixel limit is needed here.
    ({ width, height } = await sharp(data, { limitInputPixels: false }).metadata());
  } catch {
    throw AppError.field('user.photo_type_invalid', 'file');
  }
  if (!width || !height) throw AppError.field('user.photo_type_invalid', 'file');
  if (width > MAX_PICTURE_SIDE || height > MAX_PICTURE_SIDE) throw AppError.field('user.photo_dimensions_too_large', 'file');
  const encoders: Record<PictureFormat, (image: Sharp) => Sharp> = {
    png: (image) => image.png(),
    jpg: (image) => image.jpeg({ quality: 90 }),
    webp: (image) => image.webp({ quality: 90 }),
  };
  try {
    // sharp writes no metadata unless asked (keepMetadata/withMetadata); autoOrient bakes in the rotation.
    // libvips refuses to decode more pixels than this even if the header lied about the size.
    const image = sharp(data, { limitInputPixels: MAX_PICTURE_SIDE * MAX_PICTURE_SIDE, failOn: 'error' }).autoOrient();
    return await encoders[format](image).toBuffer();
  } catch {
    throw AppError.field('user.photo_type_invalid', 'file');
  }
}
