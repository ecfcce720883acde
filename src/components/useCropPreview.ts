import { useEffect, useState } from 'react';
import { cropToBlob, type PixelArea } from './cropImage';

/**
 * An object URL of the cropped image, at most `maxSide` px, that follows the crop once the user
 * stops moving it. A URL is released once the image shows its successor (or on unmount), never
 * while it is still shown: released at the next crop, the preview on screen pointed at a URL
 * that no longer existed until the new one arrived.
 */
export function useCropPreview(
  image: { src: string; type: string } | null,
  area: PixelArea | null,
  maxSide: number,
): string | null {
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!image || !area) return;
    let cancelled = false;
    cropToBlob(image.src, area, maxSide, image.type)
      .then((blob) => {
        if (!cancelled) setPreview(URL.createObjectURL(blob));
      })
      .catch(() => {
        if (!cancelled) setPreview(null);
      });
    return () => {
      cancelled = true;
    };
  }, [image, area, maxSide]);
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );
  return image && area ? preview : null;
}
