import { Suspense, useLayoutEffect } from 'react';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from 'ra-core';
import { QueryCache, shouldRetry } from '../../src/lib/query/cache';
import { queryCache } from '../../src/lib/query/cache';
import { useQuery } from '../../src/lib/query/useQuery';

const settle = () => act(async () => undefined);
afterEach(() => vi.useRealTimers());

describe('the portal query cache', () => {
  it('asks once for readers that come together, and keeps the answer while it is fresh', async () => {
    const cache = new QueryCache();
    const queryFn = vi.fn(async () => ({ id: 1 }));
    const [a, b] = await Promise.all([cache.fetch({ queryKey: ['teams', '1'], queryFn }), cache.fetch({ queryKey: ['teams', '1'], queryFn })]);
    expect(a).toBe(b);
    await cache.fetch({ queryKey: ['teams', '1'], queryFn, staleTime: 60_000 });
    expect(queryFn).toHaveBeenCalledTimes(1);
    await cache.fetch({ queryKey: ['teams', '1'], queryFn, staleTime: 0 });
    expect(queryFn).toHaveBeenCalledTimes(2);
  });

  it('tries a server failure twice more, a refusal never, and reports only the last failure', async () => {
    vi.useFakeTimers();
    const cache = new QueryCache();
    const onError = vi.fn();
    cache.onError = onError;
    const failing = vi.fn(async () => {
      throw new HttpError('Servizio non disponibile', 503);
    });
    const answer = cache.fetch({ queryKey: ['a'], queryFn: failing }).catch((error: unknown) => error);
    await vi.runAllTimersAsync();
    expect(await answer).toMatchObject({ status: 503 });
    expect(failing).toHaveBeenCalledTimes(3);
    expect(onError).toHaveBeenCalledTimes(1);
    expect(cache.getState(['a'])).toMatchObject({ status: 'error' });

    const refused = vi.fn(async () => {
      throw new HttpError('Non autenticato', 401);
    });
    await expect(cache.fetch({ queryKey: ['b'], queryFn: refused })).rejects.toMatchObject({ status: 401 });
    expect(refused).toHaveBeenCalledTimes(1);
    expect(shouldRetry(0, new HttpError('x', 422))).toBe(false);
    expect(shouldRetry(1, new Error('network'))).toBe(true);
    expect(shouldRetry(2, new Error('network'))).toBe(false);
  });

  it('tries no more a request that a removal or an invalidation dropped while it waited to try again', async () => {
    vi.useFakeTimers();
    const cache = new QueryCache();
    const failing = vi.fn(async () => {
      throw new HttpError('Servizio non disponibile', 503);
    });
    const removed = cache.fetch({ queryKey: ['removed'], queryFn: failing }).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(0);
    cache.remove([], false);
    await vi.runAllTimersAsync();
    expect(await removed).toMatchObject({ status: 503 });
    expect(failing).toHaveBeenCalledTimes(1);

    const replaced = vi.fn().mockRejectedValueOnce(new HttpError('Servizio non disponibile', 503)).mockResolvedValue('new');
    cache.subscribe(['shown'], () => undefined);
    void cache.fetch({ queryKey: ['shown'], queryFn: replaced }).catch(() => undefined);
    await vi.advanceTimersByTimeAsync(0);
    await cache.invalidate(['shown']);
    await vi.runAllTimersAsync();
    expect(replaced).toHaveBeenCalledTimes(2);
    expect(cache.getState(['shown'])).toMatchObject({ status: 'success', data: 'new' });
  });

  it('keeps what it showed when a later ask fails', async () => {
    const cache = new QueryCache();
    await cache.fetch({ queryKey: ['k'], queryFn: async () => 'first' });
    await cache.fetch({ queryKey: ['k'], queryFn: () => Promise.reject(new HttpError('x', 404)), staleTime: 0 }).catch(() => undefined);
    expect(cache.getState(['k'])).toMatchObject({ status: 'success', data: 'first', error: expect.objectContaining({ status: 404 }) });
  });

  it('asks again at once the invalidated keys that are on screen, the others when next read', async () => {
    const cache = new QueryCache();
    const shown = vi.fn(async () => 'shown');
    const hidden = vi.fn(async () => 'hidden');
    await cache.fetch({ queryKey: ['courses', '1'], queryFn: shown });
    await cache.fetch({ queryKey: ['courses', '2', 'modules'], queryFn: hidden });
    await cache.fetch({ queryKey: ['teams', '1'], queryFn: hidden });
    cache.subscribe(['courses', '1'], () => undefined);
    await cache.invalidate(['courses']);
    expect(shown).toHaveBeenCalledTimes(2);
    expect(hidden).toHaveBeenCalledTimes(2);
    await cache.fetch({ queryKey: ['courses', '2', 'modules'], queryFn: hidden });
    expect(hidden).toHaveBeenCalledTimes(3);
    await cache.fetch({ queryKey: ['teams', '1'], queryFn: hidden });
    expect(hidden).toHaveBeenCalledTimes(3);
  });

  it('forgets everything on remove: a key on screen starts over, unless its readers are leaving', async () => {
    const cache = new QueryCache();
    const queryFn = vi.fn(async () => 'answer');
    await cache.fetch({ queryKey: ['shown'], queryFn });
    await cache.fetch({ queryKey: ['gone'], queryFn });
    cache.subscribe(['shown'], () => undefined);
    cache.remove([], false);
    expect(cache.getState(['shown']).status).toBe('pending');
    expect(cache.getState(['gone']).status).toBe('pending');
    expect(queryFn).toHaveBeenCalledTimes(2);
    cache.remove();
    await settle();
    expect(queryFn).toHaveBeenCalledTimes(3);
    expect(cache.getState(['shown'])).toMatchObject({ status: 'success', data: 'answer' });
  });
});

describe('useQuery', () => {
  function Name({ id, enabled = true, queryFn }: { id: string; enabled?: boolean; queryFn: () => Promise<string> }) {
    const { data, isPending, isError } = useQuery({ queryKey: ['people', id], queryFn, enabled });
    return <p>{isPending ? 'attesa' : isError ? 'errore' : data}</p>;
  }

  it('renders pending, then the answer, with one request for every reader of the key', async () => {
    const queryFn = vi.fn(async () => 'Giulia');
    render(
      <>
        <Name id="7" queryFn={queryFn} />
        <Name id="7" queryFn={queryFn} />
      </>,
    );
    expect(screen.getAllByText('attesa')).toHaveLength(2);
    expect(await screen.findAllByText('Giulia')).toHaveLength(2);
    expect(queryFn).toHaveBeenCalledTimes(1);
  });

  it('asks nothing while disabled', async () => {
    const queryFn = vi.fn(async () => 'Giulia');
    render(<Name id="8" enabled={false} queryFn={queryFn} />);
    await settle();
    expect(screen.getByText('attesa')).toBeInTheDocument();
    expect(queryFn).not.toHaveBeenCalled();
  });

  it('shows a failure, and the new answer after an invalidation', async () => {
    let answer: () => Promise<string> = () => Promise.reject(new HttpError('Non trovato', 404));
    render(<Name id="9" queryFn={() => answer()} />);
    expect(await screen.findByText('errore')).toBeInTheDocument();
    answer = async () => 'Marco';
    await act(() => queryCache.invalidate(['people']));
    expect(screen.getByText('Marco')).toBeInTheDocument();
  });

  it('renders a new answer in a transition: what is on screen stays until the new content is ready', async () => {
    queryCache.setData(['people', '10'], 'Giulia');
    let released = false;
    let release!: () => void;
    const ready = new Promise<void>((resolve) => (release = resolve)).then(() => void (released = true));
    function Slow({ name }: { name: string }) {
      if (name === 'Marco' && !released) throw ready;
      return <p>{name}</p>;
    }
    function Reader() {
      const { data } = useQuery({ queryKey: ['people', '10'], queryFn: async () => 'Giulia' });
      return <Slow name={data ?? ''} />;
    }
    render(
      <Suspense fallback={<p>carico</p>}>
        <Reader />
      </Suspense>,
    );
    expect(screen.getByText('Giulia')).toBeInTheDocument();
    // Rendered at once (useSyncExternalStore), the answer would replace the page with the fallback.
    act(() => queryCache.setData(['people', '10'], 'Marco'));
    expect(screen.getByText('Giulia')).toBeInTheDocument();
    expect(screen.queryByText('carico')).not.toBeInTheDocument();
    await act(async () => release());
    expect(await screen.findByText('Marco')).toBeInTheDocument();
  });

  it('renders what the cache keeps for another key at once, and an answer that came before it subscribed', async () => {
    queryCache.setData(['people', '11'], 'Anna');
    queryCache.setData(['people', '12'], 'Bruno');
    const queryFn = vi.fn(async () => 'mai');
    const { rerender } = render(<Name id="11" queryFn={queryFn} />);
    expect(screen.getByText('Anna')).toBeInTheDocument();
    rerender(<Name id="12" queryFn={queryFn} />);
    expect(screen.getByText('Bruno')).toBeInTheDocument();

    // An answer set between the first render and the subscription (in the effects) still shows.
    function SetsBeforeSubscribing() {
      const { data } = useQuery({ queryKey: ['people', '13'], queryFn: async () => 'Carla' });
      useLayoutEffect(() => queryCache.setData(['people', '13'], 'Dario'), []);
      return <p>{data ?? 'attesa'}</p>;
    }
    render(<SetsBeforeSubscribing />);
    expect(await screen.findByText('Dario')).toBeInTheDocument();
    expect(queryFn).not.toHaveBeenCalled();
  });
});

describe("the portal's cache and the session", () => {
  it('starts empty for another account, and a read refused with 401 ends the session', async () => {
    const { startSession, hasSession } = await import('../../src/authProvider/session');
    await import('../../src/portal/portalData');
    startSession('token-A');
    await queryCache.fetch({ queryKey: ['auth', 'identity'], queryFn: async () => 'A' });
    startSession('token-B');
    expect(queryCache.getState(['auth', 'identity']).status).toBe('pending');

    await queryCache.fetch({ queryKey: ['teams', '1'], queryFn: () => Promise.reject(new HttpError('Non autenticato', 401)) }).catch(() => undefined);
    await settle();
    expect(hasSession()).toBe(false);
  });
});
