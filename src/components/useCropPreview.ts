import { useEffect, useState } from 'react';
import { cropToBlob, type PixelArea } from '../lib/cropImage';

/**
 * An object URL of the cropped image, at most `maxSide` px, that follows the crop once the user
 * stops moving it; the previous URL is released each time, and on unmount.
 */
export function useCropPreview(image: { src: string; type: string } | null, area: PixelArea | null, maxSide: number): string | null {
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!image || !area) return;
    let cancelled = false;
    let url: string | null = null;
    cropToBlob(image.src, area, maxSide, image.type)
      .then((blob) => {
        if (cancelled) return;
        url = URL.createObjectURL(blob);
        setPreview(url);
      })
      .catch(() => {
        if (!cancelled) setPreview(null);
      });
    return () => {
      cancelled = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [image, area, maxSide]);
  return image && area ? preview : null;
}
