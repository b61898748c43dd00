import {
  QueryClientProvider,
  useMutation,
  useQuery,
  type QueryClient,
} from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from './api-client';
import { browser } from './browser';
import { createQueryClient, type MutationMeta, type QueryMeta } from './react-query';
import { notify } from './toast';
import { jsonResponse } from '@/test/envelope';

const fetchMock = vi.fn<typeof fetch>();

let client: QueryClient;
const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={client}>{children}</QueryClientProvider>
);

/** An endpoint's call, as feature code passes it (one function for every call). */
const changePassword = () => api.post('customer/changepassword', {});
const readBalance = () => api.get('user/balance');

/** A player action through the app's query client. */
function renderAction(meta?: MutationMeta, mutationFn: () => Promise<unknown> = changePassword) {
  return renderHook(() => useMutation({ mutationFn, meta }), { wrapper });
}

/** The options of an action's toast. */
const actionToast = expect.objectContaining({ action: expect.any(String) });

/** A read through the app's query client. */
function renderRead(meta?: QueryMeta) {
  return renderHook(
    () =>
      useQuery({
        queryKey: ['read', meta ?? null],
        queryFn: async () => (await api.get('user/balance')).data,
        retry: false,
        meta,
      }),
    { wrapper },
  );
}

beforeEach(() => {
  client = createQueryClient();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(notify, 'error').mockResolvedValue(0);
  vi.spyOn(notify, 'success').mockResolvedValue(0);
  vi.spyOn(notify, 'settle').mockResolvedValue(undefined);
});

afterEach(() => {
  client.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('messages of spec section 8', () => {
  it('a failed action shows the server message as exactly one error toast', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse({ success: false, message: 'Eski şifre hatalı.', data: null }, 400),
    );
    const { result } = renderAction({ successToast: true });
    act(() => result.current.mutate());
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(notify.error).toHaveBeenCalledTimes(1);
    expect(notify.error).toHaveBeenCalledWith('Eski şifre hatalı.', actionToast);
    expect(notify.success).not.toHaveBeenCalled();
  });

  it('an action that fails with success false on HTTP 200 is a failure too', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse({ success: false, message: 'Reddedildi', data: null }),
    );
    const onSuccess = vi.fn();
    const { result } = renderAction();
    act(() => result.current.mutate(undefined, { onSuccess }));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(onSuccess).not.toHaveBeenCalled();
    expect(notify.error).toHaveBeenCalledExactlyOnceWith('Reddedildi', actionToast);
  });

  it('a successful action shows its message as a success toast only when its meta asks', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse({ success: true, message: 'Şifre değişti', data: null }),
    );
    const asked = renderAction({ successToast: true });
    await act(() => asked.result.current.mutateAsync());
    expect(notify.success).toHaveBeenCalledExactlyOnceWith('Şifre değişti', actionToast);

    fetchMock.mockResolvedValue(
      jsonResponse({ success: true, message: 'Şifre değişti', data: null }),
    );
    const quiet = renderAction();
    await act(() => quiet.result.current.mutateAsync());
    expect(notify.success).toHaveBeenCalledTimes(1);
    expect(notify.error).not.toHaveBeenCalled();
  });

  it('a field error the form shows beside its field gives no toast; another field does', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(
        { success: false, message: 'Kullanıcı adı alınmış', data: { field: 'username' } },
        422,
      ),
    );
    const inline = renderAction({ inlineFields: ['username', 'password'] });
    act(() => inline.result.current.mutate());
    await waitFor(() => expect(inline.result.current.isError).toBe(true));
    expect(notify.error).not.toHaveBeenCalled();

    fetchMock.mockResolvedValue(
      jsonResponse({ success: false, message: 'E-posta kayıtlı', data: { field: 'email' } }, 409),
    );
    const elsewhere = renderAction({ inlineFields: ['username', 'password'] });
    act(() => elsewhere.result.current.mutate());
    await waitFor(() => expect(elsewhere.result.current.isError).toBe(true));
    expect(notify.error).toHaveBeenCalledExactlyOnceWith('E-posta kayıtlı', actionToast);
  });

  it('an action kept silent by its meta, or ended by a 401, shows nothing', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    vi.spyOn(browser, 'reload').mockImplementation(() => undefined);
    fetchMock.mockResolvedValue(jsonResponse({ success: false, message: 'x', data: null }, 500));
    const silent = renderAction({ errorToast: false });
    await act(() => silent.result.current.mutateAsync().catch(() => undefined));

    fetchMock.mockResolvedValue(jsonResponse({ success: false, message: 'x', data: null }, 401));
    const expired = renderAction();
    await act(() => expired.result.current.mutateAsync().catch(() => undefined));
    expect(notify.error).not.toHaveBeenCalled();
    vi.runAllTimers(); // the reload after the 401's logout
    expect(browser.reload).toHaveBeenCalledTimes(1);
    vi.useRealTimers();
  });

  it('a failed query is silent by default', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ success: false, message: 'Hata', data: null }, 500));
    const { result } = renderRead();
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(notify.error).not.toHaveBeenCalled();
  });

  it('a query whose meta asks for it shows its failure once', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ success: false, message: 'Hata', data: null }, 500));
    const { result } = renderRead({ errorToast: true });
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(notify.error).toHaveBeenCalledExactlyOnceWith('Hata');
  });

  it('the toasts of one action carry one action name, another action another', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ success: false, message: 'Hata', data: null }, 400));
    const first = renderAction();
    await act(() => first.result.current.mutateAsync().catch(() => undefined));
    fetchMock.mockResolvedValue(jsonResponse({ success: true, message: 'Tamam', data: null }));
    const again = renderAction({ successToast: true });
    await act(() => again.result.current.mutateAsync());
    fetchMock.mockResolvedValue(jsonResponse({ success: false, message: 'Hata', data: null }, 400));
    const other = renderAction(undefined, readBalance);
    await act(() => other.result.current.mutateAsync().catch(() => undefined));

    const errorAction = vi.mocked(notify.error).mock.calls[0]?.[1]?.action;
    const successAction = vi.mocked(notify.success).mock.calls[0]?.[1]?.action;
    const otherAction = vi.mocked(notify.error).mock.calls[1]?.[1]?.action;
    expect(errorAction).toBeDefined();
    expect(successAction).toBe(errorAction);
    expect(otherAction).toBeDefined();
    expect(otherAction).not.toBe(errorAction);
  });

  it('a success without a toast of its own still settles the action (its error closes)', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ success: false, message: 'Hata', data: null }, 400));
    const failed = renderAction();
    await act(() => failed.result.current.mutateAsync().catch(() => undefined));
    fetchMock.mockResolvedValue(jsonResponse({ success: true, message: 'Tamam', data: null }));
    const quiet = renderAction();
    await act(() => quiet.result.current.mutateAsync());
    expect(notify.success).not.toHaveBeenCalled();
    expect(notify.settle).toHaveBeenCalledExactlyOnceWith(
      vi.mocked(notify.error).mock.calls[0]?.[1]?.action,
    );
  });
});
