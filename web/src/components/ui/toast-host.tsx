import { lazy, Suspense } from 'react';
import { useStore } from '@/lib/create-store';
import { toasterStore } from '@/lib/toast';

/** The Toaster with sonner, loaded with the first toast (lib/toast). */
const Toaster = lazy(() => import('./toaster').then((m) => ({ default: m.Toaster })));

/** Where the toasts show: nothing until the first toast is asked for. */
export function ToastHost() {
  const wanted = useStore(toasterStore);
  return wanted ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}
