import { Link } from '@tanstack/react-router';
import { Button } from '@/components/ui/button';

/** The router's not-found view (spec §2.1: 'Not Found'). */
export function NotFoundView() {
  return (
    <main className="flex flex-1 flex-col items-center justify-center gap-4 px-6 py-16 text-center">
      <h1 lang="en" className="font-semibold text-2xl">
        Not Found
      </h1>
      <p className="text-muted-foreground">Такой страницы нет. Возможно, ссылка устарела.</p>
      <Button asChild variant="secondary">
        <Link to="/dashboard">На главную</Link>
      </Button>
    </main>
  );
}
