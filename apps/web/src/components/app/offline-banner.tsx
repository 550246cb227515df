import { WifiOff } from 'lucide-react';

/** The banner's own height, below the status bar: the toasts open this much lower while it shows. */
export const OFFLINE_BANNER_HEIGHT = '1.75rem';

/**
 * 'Нет связи — показываем сохранённое' under the status bar while the phone is offline. It sticks to the top, and
 * the screen header that follows it in the layout sticks right below it instead of sliding under it (the banner
 * takes over the safe-area padding the header would have had), so it never covers the back arrow.
 */
export function OfflineBanner() {
  return (
    <div
      role="status"
      className="sticky top-0 z-40 bg-foreground pt-safe-top text-background [&~header]:top-[calc(1.75rem+var(--spacing-safe-top))] [&~header]:pt-0"
    >
      <p className="flex h-7 items-center justify-center gap-2 px-3 font-medium text-sm">
        <WifiOff aria-hidden="true" className="size-4 shrink-0" />
        <span className="truncate">Нет связи — показываем сохранённое</span>
      </p>
    </div>
  );
}
