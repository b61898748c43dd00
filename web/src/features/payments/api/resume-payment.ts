import { useMutation } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { api } from '@/lib/api-client';
import { getCurrentLanguage } from '@/lib/language';
import { pageInLanguage } from './deposit';

/**
 * POST payment/resume {id}: a new link to the page of the player's card deposit that still waits
 * for payment (the old link stops working), in the player's language.
 */
export async function resumePayment(id: number): Promise<string> {
  const { data } = await api.post('payment/resume', { id }, { schema: z.string() });
  return pageInLanguage(data, getCurrentLanguage() || 'tr');
}

/**
 * Opens the payment page again in a new window. The window is opened at the click (a window
 * opened after the answer would be blocked) and sent to the page when the link comes; without a
 * window the page opens in this one.
 */
export function useResumePayment() {
  return useMutation({
    mutationFn: async (id: number) => {
      const page = window.open('', '_blank');
      try {
        const url = await resumePayment(id);
        if (page) {
          page.opener = null;
          page.location.href = url;
        } else {
          window.location.assign(url);
        }
        return url;
      } catch (error) {
        page?.close();
        throw error;
      }
    },
  });
}
