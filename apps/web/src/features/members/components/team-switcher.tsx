import { useNavigate } from '@tanstack/react-router';
import { Check, ChevronRight, Users } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { InlineErrorState } from '@/components/ui/error-state';
import {
  Sheet,
  SheetClose,
  SheetContent,
  SheetDescription,
  SheetFooter,
  SheetHeader,
  SheetTitle,
} from '@/components/ui/sheet';
import { errorMessage, notifyFailure } from '@/lib/notify';
import { useSwitchTeam, useTeams } from '../api/teams';

/**
 * The team the person works in, on /profile; with two or more teams (their own and those they were invited to) a
 * sheet switches between them (docs/decisions/024).
 */
export function TeamSwitcher({ team }: { team: { name: string; count: number } }) {
  const [open, setOpen] = useState(false);
  const several = team.count > 1;
  const content = (
    <>
      <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-violet-500/15 text-violet-600 dark:text-violet-300">
        <Users aria-hidden="true" className="size-5" />
      </span>
      <span className="min-w-0 flex-1 text-left">
        <span className="block text-muted-foreground text-sm">Команда</span>
        <span className="block truncate font-medium">{team.name}</span>
      </span>
      {several ? <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" /> : null}
    </>
  );
  const box = 'flex min-h-16 w-full items-center gap-3 rounded-xl border bg-card px-4 py-2 shadow-sm';
  if (!several) return <div className={box}>{content}</div>;
  return (
    <>
      <button
        type="button"
        className={`${box} hover:bg-accent active:bg-accent/80`}
        aria-label={`Команда: ${team.name}. Сменить команду`}
        onClick={() => setOpen(true)}
      >
        {content}
      </button>
      <TeamsSheet open={open} onOpenChange={setOpen} />
    </>
  );
}

function TeamsSheet({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const teams = useTeams(open);
  const switchTeam = useSwitchTeam();
  const navigate = useNavigate();
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent>
        <SheetHeader>
          <SheetTitle>Ваши команды</SheetTitle>
          <SheetDescription>В каждой команде вы видите то, что позволяет ваша роль в ней.</SheetDescription>
        </SheetHeader>
        <div className="flex flex-col gap-2 px-5 py-2">
          {teams.isPending ? (
            <span aria-hidden="true" className="block h-16 animate-pulse rounded-lg bg-muted" />
          ) : teams.isError ? (
            <InlineErrorState error={teams.error} onRetry={() => void teams.refetch()} />
          ) : (
            <ul className="flex flex-col gap-2">
              {teams.data.map((team) => (
                <li key={team.id}>
                  <button
                    type="button"
                    disabled={switchTeam.isPending}
                    aria-current={team.current || undefined}
                    className="flex min-h-14 w-full items-center gap-3 rounded-lg border px-3 py-2 text-left hover:bg-accent disabled:opacity-60 aria-[current]:border-primary"
                    onClick={() => {
                      if (team.current) return onOpenChange(false);
                      switchTeam.mutate(team.id, {
                        onSuccess: () => void navigate({ to: '/dashboard', replace: true }),
                        onError: (error) => notifyFailure(errorMessage(error)),
                      });
                    }}
                  >
                    <span className="min-w-0 flex-1">
                      <span className="block font-medium">{team.name}</span>
                      <span className="block text-muted-foreground text-sm">
                        {team.isOwner
                          ? 'Владелец'
                          : team.roles.length > 0
                            ? team.roles.join(', ')
                            : 'Сотрудник'}
                      </span>
                    </span>
                    {team.current ? (
                      <Check aria-label="Текущая" className="size-5 shrink-0 text-primary" />
                    ) : null}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
        <SheetFooter>
          <SheetClose asChild>
            <Button size="lg" variant="secondary">
              Закрыть
            </Button>
          </SheetClose>
        </SheetFooter>
      </SheetContent>
    </Sheet>
  );
}
