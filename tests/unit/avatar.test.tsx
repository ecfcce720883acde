import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Avatar } from '../../src/components/Avatar';
import { avatarUrl, initials } from '../../src/components/avatarUrl';
import { mockApi, renderWithApp, testConfig } from './renderWithApp';

afterEach(() => vi.unstubAllGlobals());

describe('avatar rule', () => {
  it('keeps full https addresses', () => {
    expect(avatarUrl('https://cdn.example.com/a.png', 'https://account.example.com')).toBe(
      'https://cdn.example.com/a.png',
    );
  });
  it('prefixes any other path with the provider host, with exactly one slash', () => {
    expect(avatarUrl('avatars/1.png', 'https://account.example.com')).toBe('https://account.example.com/avatars/1.png');
    expect(avatarUrl('/avatars/1.png', 'https://account.example.com/')).toBe(
      'https://account.example.com/avatars/1.png',
    );
    expect(avatarUrl('http://old.example.com/a.png', 'https://h.example.com')).toBe(
      'https://h.example.com/http://old.example.com/a.png',
    );
  });
  it('no avatar → nothing', () => {
    expect(avatarUrl(null, 'https://h')).toBeUndefined();
    expect(avatarUrl('', 'https://h')).toBeUndefined();
  });
  it('initials of up to two words', () => {
    expect(initials('Mario Rossi Bianchi')).toBe('MR');
    expect(initials('  anna ')).toBe('A');
    expect(initials(null)).toBe('');
  });
});

describe('<Avatar>', () => {
  it('shows the picture from the provider host', async () => {
    mockApi({ '/api/config': testConfig });
    renderWithApp(<Avatar name="Mario Rossi" path="avatars/1.png" />);
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'Mario Rossi' })).toHaveAttribute(
        'src',
        'https://account.example.com/avatars/1.png',
      ),
    );
  });
  it('draws the initials, and asks for no picture, until the configuration names the host of a path', async () => {
    let answerConfig: (response: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answerConfig = resolve))),
    );
    renderWithApp(<Avatar name="Mario Rossi" path="avatars/1.png" />);
    expect(screen.getByRole('img', { name: 'Mario Rossi' })).toHaveTextContent('MR');
    expect(document.querySelector('img')).toBeNull();
    answerConfig(new Response(JSON.stringify(testConfig)));
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'Mario Rossi' })).toHaveAttribute(
        'src',
        'https://account.example.com/avatars/1.png',
      ),
    );
  });
  it('falls back to initials', () => {
    mockApi({ '/api/config': testConfig });
    renderWithApp(<Avatar name="Mario Rossi" />);
    expect(screen.getByRole('img', { name: 'Mario Rossi' })).toHaveTextContent('MR');
  });
  it('uses a ready src as it is', () => {
    mockApi({ '/api/config': testConfig });
    renderWithApp(<Avatar name="Team" src="/storage/teams/1.jpg" />);
    expect(screen.getByRole('img', { name: 'Team' })).toHaveAttribute('src', '/storage/teams/1.jpg');
  });
  it('gives way to the initials when the picture does not load', async () => {
    mockApi({ '/api/config': testConfig });
    renderWithApp(<Avatar name="Mario Rossi" path="avatars/missing.png" />);
    // The picture's address is known once the configuration has come: an error before it would be
    // the error of another address.
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'Mario Rossi' })).toHaveAttribute(
        'src',
        'https://account.example.com/avatars/missing.png',
      ),
    );
    fireEvent.error(screen.getByRole('img', { name: 'Mario Rossi' }));
    await waitFor(() => expect(screen.getByRole('img', { name: 'Mario Rossi' }).tagName).not.toBe('IMG'));
    expect(screen.getByRole('img', { name: 'Mario Rossi' })).toHaveTextContent('MR');
  });
  it('beside a written name, is hidden from assistive technology and draws the initials rather than writing them', () => {
    mockApi({ '/api/config': testConfig });
    const { container } = renderWithApp(<Avatar name="Mario Rossi" decorative />);
    expect(screen.queryByRole('img')).toBeNull();
    expect(container.querySelector('[aria-hidden="true"] [data-initials="MR"]')).not.toBeNull();
    expect(container).not.toHaveTextContent('MR');
  });
});
