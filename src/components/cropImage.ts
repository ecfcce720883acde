/** Cropping a picked image in the browser: file checks and the canvas step of the crop dialogs. */

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

export interface PixelArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Why a picked file cannot be used (a key of `app.image.*`), or null when it can. */
export function imageFileProblem(file: File): 'app.image.not_an_image' | 'app.image.too_large' | null {
  if (!file.type.startsWith('image/') || file.type === 'image/svg+xml') return 'app.image.not_an_image';
  if (file.size > MAX_IMAGE_BYTES) return 'app.image.too_large';
  return null;
}

export function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

/**
 * Whether the browser can draw the image at `src`: a file may say it is a PNG and not be one (a
 * damaged download, a renamed document), which only decoding tells. Where decoding is not
 * available (a test document) the file's type is trusted.
 */
export async function decodesAsImage(src: string): Promise<boolean> {
  const image = new Image();
  image.src = src;
  if (typeof image.decode !== 'function') return true;
  try {
    await image.decode();
    return true;
  } catch {
    return false;
  }
}

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('image failed to load'));
    image.src = src;
  });
}

/** Output size of a crop: the crop's own pixels, scaled down so the longer side is at most `maxSide`. */
export function outputSize(
  area: Pick<PixelArea, 'width' | 'height'>,
  maxSide: number,
): { width: number; height: number } {
  const scale = Math.min(1, maxSide / Math.max(area.width, area.height));
  return {
    width: Math.max(1, Math.round(area.width * scale)),
    height: Math.max(1, Math.round(area.height * scale)),
  };
}

/** Draws `area` of the image at `src` onto a canvas and returns it as a PNG or JPEG blob. */
export async function cropToBlob(src: string, area: PixelArea, maxSide: number, type: string): Promise<Blob> {
  const image = await loadImage(src);
  const size = outputSize(area, maxSide);
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('canvas unavailable');
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, size.width, size.height);
  const outputType = type === 'image/png' ? 'image/png' : 'image/jpeg';
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('crop failed'))), outputType, 0.9);
  });
}
