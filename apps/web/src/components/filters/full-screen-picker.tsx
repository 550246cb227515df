import { lazy, Suspense } from 'react';
import { useBackCloses } from '@/lib/overlays';
import type { FullScreenPickerProps } from './full-screen-picker-dialog';

// Radix's dialog, with its focus trap and scroll lock (about 13 KB gzipped), loads when a picker first opens
// instead of with the list.
const FullScreenPickerDialog = lazy(() =>
  import('./full-screen-picker-dialog').then(({ FullScreenPickerDialog }) => ({
    default: FullScreenPickerDialog,
  })),
);

/**
 * A filter's picker over the whole screen (spec §2.5): a back arrow that closes it without applying, its title, the
 * choices, and the apply button at the bottom. Back (the browser's or the phone's) closes it like the arrow.
 */
export function FullScreenPicker(props: FullScreenPickerProps) {
  useBackCloses(props.open, () => props.onOpenChange(false));
  if (!props.open) return null;
  return (
    <Suspense fallback={null}>
      <FullScreenPickerDialog {...props} />
    </Suspense>
  );
}
