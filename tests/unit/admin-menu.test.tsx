import { screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { AdminMenu } from '../../src/admin/layout/AdminMenu';
import { backOfficeMessages } from '../../src/admin/backOfficeMessages';
import { addMessages } from '../../src/i18n';
import { portalMessages } from '../../src/i18n/portal';
import { renderAdmin } from './support/adminHarness';

beforeAll(() => {
  addMessages(portalMessages);
  addMessages(backOfficeMessages);
});

describe('the back-office menu', () => {
  it('lists the dashboard and the sections the permissions open, then the way back', async () => {
    renderAdmin(<AdminMenu />, { permissions: ['read_teams'] });
    expect(await screen.findByRole('menuitem', { name: 'Dashboard' })).toBeInTheDocument();
    expect(await screen.findByRole('menuitem', { name: 'Team' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Utenti' })).not.toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Torna indietro' })).toBeInTheDocument();
  });

  it('offers no dashboard to whom the back-office refuses: it would only lead back to the refusal', async () => {
    renderAdmin(<AdminMenu />, { permissions: [] });
    expect(await screen.findByRole('menuitem', { name: 'Torna indietro' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('menuitem', { name: 'Dashboard' })).not.toBeInTheDocument());
    expect(screen.queryByRole('menuitem', { name: 'Team' })).not.toBeInTheDocument();
  });
});
