import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../src/components/cropImage', () => ({ cropToBlob: vi.fn(async () => new Blob(['x'])) }));

const { useCropPreview } = await import('../../src/components/useCropPreview');

afterEach(() => vi.restoreAllMocks());

describe('the crop preview', () => {
  it('releases a preview URL only once its successor is shown, and the last one on unmount', async () => {
    let made = 0;
    const create = vi.spyOn(URL, 'createObjectURL').mockImplementation(() => `blob:preview-${++made}`);
    const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const image = { src: 'data:image/png;base64,', type: 'image/png' };
    const { result, rerender, unmount } = renderHook(({ area }) => useCropPreview(image, area, 200), {
      initialProps: { area: { x: 0, y: 0, width: 10, height: 10 } },
    });
    await waitFor(() => expect(result.current).toBe('blob:preview-1'));

    rerender({ area: { x: 1, y: 1, width: 10, height: 10 } });
    // Still shown while the next one is made: not released yet.
    expect(result.current).toBe('blob:preview-1');
    expect(revoke).not.toHaveBeenCalled();
    await waitFor(() => expect(result.current).toBe('blob:preview-2'));
    expect(revoke).toHaveBeenCalledWith('blob:preview-1');

    unmount();
    expect(revoke).toHaveBeenLastCalledWith('blob:preview-2');
    expect(create).toHaveBeenCalledTimes(2);
  });
});
