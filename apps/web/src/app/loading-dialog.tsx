import { LoaderCircle } from 'lucide-react';

/** Shown while a route's data loads for longer than a moment (the router's default pending view). */
export function LoadingDialog() {
  return (
    <div className="fixed inset-0 z-40 flex items-center justify-center bg-overlay p-6">
      <div
        role="status"
        aria-live="polite"
        className="flex min-w-40 flex-col items-center gap-3 rounded-xl border bg-card px-8 py-6 text-card-foreground shadow-lg"
      >
        <LoaderCircle aria-hidden="true" className="size-8 animate-spin text-muted-foreground" />
        <p className="font-medium">Загрузка</p>
      </div>
    </div>
  );
}
