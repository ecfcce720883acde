import { act, render, screen } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from 'ra-core';
import { PORTAL_KEY, queryClient, shouldRetry } from '../../src/queryClient';

const settle = () => act(async () => undefined);
afterEach(() => vi.useRealTimers());

/** A portal key (the portal's reads are under PORTAL_KEY). */
const key = (...parts: string[]) => [...PORTAL_KEY, ...parts];

describe("the app's query cache, as the portal reads it", () => {
  it('asks once for readers that come together, and keeps the answer while it is fresh', async () => {
    const queryFn = vi.fn(async () => ({ id: 1 }));
    const [a, b] = await Promise.all([
      queryClient.fetchQuery({ queryKey: key('teams', '1'), queryFn }),
      queryClient.fetchQuery({ queryKey: key('teams', '1'), queryFn }),
    ]);
    expect(a).toBe(b);
    await queryClient.fetchQuery({ queryKey: key('teams', '1'), queryFn });
    expect(queryFn).toHaveBeenCalledTimes(1);
    await queryClient.fetchQuery({ queryKey: key('teams', '1'), queryFn, staleTime: 0 });
    expect(queryFn).toHaveBeenCalledTimes(2);
  });

  it('tries a server failure twice more, a refusal never, and checks the session once, with the last failure', async () => {
    vi.useFakeTimers();
    const checkError = vi
      .spyOn((await import('../../src/authProvider')).authProvider, 'checkError')
      .mockResolvedValue(undefined);
    const failing = vi.fn(async () => {
      throw new HttpError('Servizio non disponibile', 503);
    });
    const answer = queryClient.fetchQuery({ queryKey: key('a'), queryFn: failing }).catch((error: unknown) => error);
    // The two waits (1 s, then 2 s), not the unused key's removal, minutes later.
    await vi.advanceTimersByTimeAsync(5000);
    expect(await answer).toMatchObject({ status: 503 });
    expect(failing).toHaveBeenCalledTimes(3);
    expect(checkError).toHaveBeenCalledTimes(1);
    expect(queryClient.getQueryState(key('a'))).toMatchObject({ status: 'error' });

    const refused = vi.fn(async () => {
      throw new HttpError('Non autenticato', 401);
    });
    await expect(queryClient.fetchQuery({ queryKey: key('b'), queryFn: refused })).rejects.toMatchObject({
      status: 401,
    });
    expect(refused).toHaveBeenCalledTimes(1);
    expect(shouldRetry(0, new HttpError('x', 422))).toBe(false);
    expect(shouldRetry(1, new Error('network'))).toBe(true);
    expect(shouldRetry(2, new Error('network'))).toBe(false);
  });

  it('keeps what it showed when a later ask fails', async () => {
    await queryClient.fetchQuery({ queryKey: key('k'), queryFn: async () => 'first' });
    await queryClient
      .fetchQuery({ queryKey: key('k'), queryFn: () => Promise.reject(new HttpError('x', 404)), staleTime: 0 })
      .catch(() => undefined);
    expect(queryClient.getQueryState(key('k'))).toMatchObject({
      data: 'first',
      error: expect.objectContaining({ status: 404 }),
    });
  });
});

describe('useQuery on the portal', () => {
  function Name({ id, enabled = true, queryFn }: { id: string; enabled?: boolean; queryFn: () => Promise<string> }) {
    const { data, isPending, isError } = useQuery({ queryKey: key('people', id), queryFn, enabled }, queryClient);
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
    await act(() => queryClient.invalidateQueries({ queryKey: key('people') }));
    expect(await screen.findByText('Marco')).toBeInTheDocument();
  });

  it('asks again at once the invalidated keys that are on screen, the others when next read', async () => {
    const shown = vi.fn(async () => 'shown');
    const hidden = vi.fn(async () => 'hidden');
    render(<Name id="20" queryFn={shown} />);
    expect(await screen.findByText('shown')).toBeInTheDocument();
    await queryClient.fetchQuery({ queryKey: key('people', '21'), queryFn: hidden });
    await act(() => queryClient.invalidateQueries({ queryKey: key('people') }));
    expect(shown).toHaveBeenCalledTimes(2);
    expect(hidden).toHaveBeenCalledTimes(1);
    await queryClient.prefetchQuery({ queryKey: key('people', '21'), queryFn: hidden });
    expect(hidden).toHaveBeenCalledTimes(2);
  });

  it('renders what the cache keeps for another key at once', () => {
    queryClient.setQueryData(key('people', '11'), 'Anna');
    queryClient.setQueryData(key('people', '12'), 'Bruno');
    const queryFn = vi.fn(async () => 'mai');
    const { rerender } = render(<Name id="11" queryFn={queryFn} />);
    expect(screen.getByText('Anna')).toBeInTheDocument();
    rerender(<Name id="12" queryFn={queryFn} />);
    expect(screen.getByText('Bruno')).toBeInTheDocument();
    expect(queryFn).not.toHaveBeenCalled();
  });
});

describe('the query cache and the session', () => {
  it('starts empty for another account, forgets everything on sign-out, and a portal read refused with 401 ends the session', async () => {
    const { startSession, endSession, hasSession } = await import('../../src/authProvider/session');
    startSession('token-A');
    await queryClient.fetchQuery({ queryKey: key('auth', 'identity'), queryFn: async () => 'A' });
    startSession('token-B');
    await settle();
    expect(queryClient.getQueryState(key('auth', 'identity'))?.status).toBe('pending');
    await queryClient.fetchQuery({ queryKey: key('auth', 'identity'), queryFn: async () => 'B' });
    endSession({ signedOut: true });
    expect(queryClient.getQueryState(key('auth', 'identity'))).toBeUndefined();

    startSession('token-C');
    await queryClient
      .fetchQuery({ queryKey: key('teams', '1'), queryFn: () => Promise.reject(new HttpError('Non autenticato', 401)) })
      .catch(() => undefined);
    await settle();
    expect(hasSession()).toBe(false);
  });
});
