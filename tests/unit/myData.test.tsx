import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import MyDataPage, { EXPORT_FILENAME } from '../../src/portal/privacy/MyDataPage';
import { apiError, makeUser, renderPortalPage } from './support/portalHarness';

const PENDING = { id: 3, status: 'pending' as const, requested_at: '2026-11-20T10:00:00.000Z' };

function renderPage(dataProvider: object) {
  return renderPortalPage(<MyDataPage />, {
    path: '/i-miei-dati',
    url: '/i-miei-dati',
    user: makeUser(),
    dataProvider,
  });
}

// The first render loads MUI's dialog; on a busy machine that alone can take seconds.
describe('"I miei dati"', { timeout: 15_000 }, () => {
  const { createObjectURL, revokeObjectURL } = URL;
  afterEach(() => {
    vi.restoreAllMocks();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
  });

  it('downloads the export as a file', async () => {
    const blob = new Blob(['{}'], { type: 'application/json' });
    const downloadMyData = vi.fn(async () => blob);
    const objectUrl = vi.fn(() => 'blob:export');
    // The page's own URL functions, which jsdom does not have.
    Object.assign(URL, { createObjectURL: objectUrl, revokeObjectURL: vi.fn() });
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    renderPage({ downloadMyData, getErasureRequest: vi.fn(async () => null) });
    fireEvent.click(screen.getByRole('button', { name: 'Scarica i miei dati' }));
    await waitFor(() => expect(clicked).toEqual([EXPORT_FILENAME]));
    expect(objectUrl).toHaveBeenCalledWith(blob);
  });

  it('says when the download fails', async () => {
    renderPage({
      downloadMyData: vi.fn(async () => {
        throw apiError(503);
      }),
      getErasureRequest: vi.fn(async () => null),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Scarica i miei dati' }));
    expect(await screen.findByText('Download non riuscito: riprova tra qualche istante.')).toBeInTheDocument();
  });

  it('asks for erasure only after the confirmation, then shows the pending request', async () => {
    const requestErasure = vi.fn(async () => PENDING);
    renderPage({ getErasureRequest: vi.fn(async () => null), requestErasure });
    const ask = await screen.findByRole('button', { name: 'Chiedi la cancellazione' });
    fireEvent.click(ask);
    const dialog = await screen.findByRole('dialog', { name: 'Chiedere la cancellazione dei tuoi dati?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Annulla' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requestErasure).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Chiedi la cancellazione' }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Sì, chiedi la cancellazione' }),
    );
    expect(await screen.findByText(/^Hai chiesto la cancellazione il 20 novembre 2026\./)).toBeInTheDocument();
    expect(requestErasure).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: 'Chiedi la cancellazione' })).not.toBeInTheDocument();
  });

  it('shows a pending request instead of the button', async () => {
    renderPage({ getErasureRequest: vi.fn(async () => PENDING) });
    expect(await screen.findByText(/La richiesta è in attesa/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Chiedi la cancellazione' })).not.toBeInTheDocument();
  });
});
