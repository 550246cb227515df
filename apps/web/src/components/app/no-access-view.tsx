import { Link } from '@tanstack/react-router';
import { Button } from '@/components/ui/button';
import { ScreenHeader } from '@/components/ui/screen-header';

/**
 * A section the person's role does not give (docs/decisions/024), opened by its address: one calm sentence saying
 * who sees it, instead of the section's calls failing one by one.
 */
export function NoAccessView({ title, text }: { title: string; text: string }) {
  return (
    <>
      <ScreenHeader title={title} back={{ to: '/dashboard' }} />
      <main className="flex flex-1 flex-col items-center justify-center gap-4 px-6 py-16 text-center">
        <p className="max-w-xs text-lg">{text}</p>
        <Button asChild size="lg" variant="secondary">
          <Link to="/dashboard">На главную</Link>
        </Button>
      </main>
    </>
  );
}
