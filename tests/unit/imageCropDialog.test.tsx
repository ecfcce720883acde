import { useEffect } from 'react';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError } from 'ra-core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import ImageCropDialog from '../../src/components/ImageCropDialog';
import { cropToBlob, decodesAsImage, outputSize } from '../../src/components/cropImage';
import { renderWithMessages as render } from './support/withMessages';

// jsdom neither lays out nor decodes images: the cropper reports a crop as soon as it mounts,
// and the canvas step returns a fixed blob.
vi.mock('react-easy-crop', () => ({
  default: function FakeCropper(props: { aspect: number; onCropComplete: (a: unknown, b: unknown) => void }) {
    useEffect(() => {
      props.onCropComplete(
        { x: 0, y: 0, width: 100, height: 100 },
        { x: 0, y: 0, width: 600, height: 600 / props.aspect },
      );
      // eslint-disable-next-line react-hooks/exhaustive-deps
    }, []);
    return <div data-testid="crop-area" data-aspect={props.aspect} />;
  },
}));
vi.mock('../../src/components/cropImage', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/components/cropImage')>()),
  cropToBlob: vi.fn(async () => new Blob(['png'], { type: 'image/png' })),
  decodesAsImage: vi.fn(async () => true),
}));

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});

function fileOf(bytes: number, type: string, name = 'logo.png') {
  return new File([new Uint8Array(bytes)], name, { type });
}

function renderDialog(onUpload: (blob: Blob) => Promise<void> = vi.fn(async () => undefined), onClose = vi.fn()) {
  render(
    <ImageCropDialog
      open
      aspect={1}
      title="Modifica logo"
      submitLabel="Aggiorna logo"
      onClose={onClose}
      onUpload={onUpload}
    />,
  );
  return { onUpload, onClose, input: document.querySelector('input[type="file"]') as HTMLInputElement };
}

describe('ImageCropDialog', () => {
  it('refuses a file over 5 MB with the size alert', async () => {
    const user = userEvent.setup();
    const { input } = renderDialog();
    await user.upload(input, fileOf(5 * 1024 * 1024 + 1, 'image/png'));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Il file è troppo grande. La dimensione massima consentita è di 5MB.',
    );
    expect(screen.queryByTestId('crop-area')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Aggiorna logo' })).toBeDisabled();
  });

  it('accepts exactly 5 MB', async () => {
    const user = userEvent.setup();
    const { input } = renderDialog();
    await user.upload(input, fileOf(5 * 1024 * 1024, 'image/png'));
    expect(await screen.findByTestId('crop-area')).toHaveAttribute('data-aspect', '1');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('refuses files that are not images', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const { input } = renderDialog();
    await user.upload(input, fileOf(10, 'application/pdf', 'doc.pdf'));
    expect(screen.getByRole('alert')).toHaveTextContent("Il file selezionato non è un'immagine");
    await user.upload(input, fileOf(10, 'image/svg+xml', 'logo.svg'));
    expect(screen.getByRole('alert')).toHaveTextContent("Il file selezionato non è un'immagine");
  });

  it('refuses a damaged image (its type says image, the browser cannot draw it) and keeps the one picked before', async () => {
    const user = userEvent.setup();
    const { input } = renderDialog();
    await user.upload(input, fileOf(1000, 'image/png'));
    await screen.findByTestId('crop-area');
    vi.mocked(decodesAsImage).mockResolvedValueOnce(false);
    await user.upload(input, fileOf(10, 'image/png', 'fake.png'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Il file selezionato è danneggiato o non è un'immagine leggibile.",
    );
    expect(screen.getByTestId('crop-area')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Aggiorna logo' })).toBeEnabled();
  });

  it('says in Italian when the picked image cannot be cropped, without sending anything', async () => {
    const user = userEvent.setup();
    const { input, onUpload, onClose } = renderDialog();
    await user.upload(input, fileOf(1000, 'image/png'));
    // The preview is drawn with the same function: the failure below is for the save, so it is set
    // once the preview is there (on a busy machine the crop area reports its frame later).
    await screen.findByRole('img', { name: "Anteprima dell'immagine ritagliata" });
    vi.mocked(cropToBlob).mockRejectedValueOnce(new Error('image failed to load'));
    await user.click(screen.getByRole('button', { name: 'Aggiorna logo' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Il file selezionato è danneggiato o non è un'immagine leggibile.",
    );
    expect(onUpload).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('uploads the crop with a saving state and closes on success', async () => {
    const user = userEvent.setup();
    let finish: () => void = () => undefined;
    const onUpload = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const { input, onClose } = renderDialog(onUpload);
    await user.upload(input, fileOf(1000, 'image/png'));
    expect(await screen.findByRole('img', { name: "Anteprima dell'immagine ritagliata" })).toHaveAttribute(
      'src',
      'blob:preview',
    );

    await user.click(screen.getByRole('button', { name: 'Aggiorna logo' }));
    await waitFor(() => expect(onUpload).toHaveBeenCalledWith(expect.any(Blob)));
    // Busy but still focusable (aria-disabled), so focus stays on it; a second click sends nothing.
    const save = screen.getByRole('button', { name: /Aggiorna logo/ });
    expect(save).toHaveAttribute('aria-disabled', 'true');
    expect(save).toHaveAttribute('aria-busy', 'true');
    expect(save).not.toBeDisabled();
    await user.click(save);
    expect(onUpload).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Annulla' })).toBeDisabled();
    finish();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('shows the server error in red above the crop area and stays open', async () => {
    const user = userEvent.setup();
    const onUpload = vi.fn(async () => {
      throw new HttpError('Dati non validi', 422, {
        message: 'Dati non validi',
        errors: { avatar: "Il file deve essere un'immagine." },
      });
    });
    const { input, onClose } = renderDialog(onUpload);
    await user.upload(input, fileOf(1000, 'image/png'));
    await screen.findByTestId('crop-area');
    await user.click(screen.getByRole('button', { name: 'Aggiorna logo' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("Il file deve essere un'immagine.");
    // Above the crop area in document order.
    expect(
      alert.compareDocumentPosition(screen.getByTestId('crop-area')) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Aggiorna logo' })).toBeEnabled();
  });
});

describe('crop helpers', () => {
  it('caps the output at the given size, keeping the ratio', () => {
    expect(outputSize({ width: 2000, height: 2000 }, 512)).toEqual({ width: 512, height: 512 });
    expect(outputSize({ width: 1920, height: 1080 }, 512)).toEqual({ width: 512, height: 288 });
    expect(outputSize({ width: 300, height: 300 }, 512)).toEqual({ width: 300, height: 300 });
  });
});
