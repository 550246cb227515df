import { Link } from '@tanstack/react-router';
import type { LucideIcon } from 'lucide-react';

/**
 * A way out of a screen's header beside its add button ('Импорт', 'Удалённые'): an icon and its word, and on a phone
 * narrower than 420 px the icon alone, its word still its name (with both words the title was cut to 'П…' at 360 px).
 */
export function HeaderLink({ to, icon: Icon, label }: { to: string; icon: LucideIcon; label: string }) {
  return (
    <Link
      to={to}
      className="inline-flex min-h-11 min-w-11 shrink-0 items-center justify-center gap-1.5 rounded-lg px-2 font-medium text-sm hover:bg-accent"
    >
      <Icon aria-hidden="true" className="size-5 min-[420px]:size-4" />
      <span className="max-[419px]:sr-only">{label}</span>
    </Link>
  );
}
