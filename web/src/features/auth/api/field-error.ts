import { ApiError } from '@/lib/api-client';

/**
 * A refusal that can only be about one field (a wrong code, a wrong password: HTTP 400 without a
 * named field) becomes that field's error, so the form shows it under the field, keeps what was
 * typed and selects it for retyping, instead of a toast. Limits (429) and other failures are left
 * as they are (a toast).
 */
export async function refusalOnField<T>(call: Promise<T>, field: string): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof ApiError && error.status === 400 && !error.field) {
      throw new ApiError(error.message, error.status, { [field]: error.message });
    }
    throw error;
  }
}
