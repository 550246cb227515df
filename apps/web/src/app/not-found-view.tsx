import { Link } from '@tanstack/react-router';
import { Button } from '@/components/ui/button';

/**
 * The router's not-found view, for an unknown address at any depth and an id that cannot exist. Spec §2.1 names it
 * 'Not Found'; issue 33 asks for no English a user reads, so the view says it in Russian and leads back home.
 */
export function NotFoundView() {
  return (
    <main className="flex flex-1 flex-col items-center justify-center gap-4 px-6 py-16 text-center">
      <h1 className="font-semibold text-2xl">Страница не найдена</h1>
      <p className="text-muted-foreground">Такой страницы нет. Возможно, ссылка устарела.</p>
      <Button asChild className="min-w-40">
        <Link to="/dashboard">На главную</Link>
      </Button>
    </main>
  );
}
