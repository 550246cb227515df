import type { ReferenceItem } from '@addesk/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { ChevronDown, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { cn } from '@/lib/utils';

/** The role of the card: a button that opens the picker sheet, and a cross that clears the choice. */
export function RoleField({
  roles,
  roleId,
  error,
  onOpen,
  onClear,
}: {
  roles: UseQueryResult<ReferenceItem[]>;
  roleId: number | null;
  error: string | undefined;
  onOpen: () => void;
  onClear: () => void;
}) {
  const role = roleId ? roles.data?.find((item) => item.id === roleId) : undefined;
  return (
    <FormField label="Роль" error={error}>
      {(ids) => (
        <div
          className={cn(
            'flex min-h-12 items-center rounded-lg border bg-card shadow-xs',
            error ? 'border-destructive' : 'border-input',
          )}
        >
          <button
            type="button"
            id={ids.control}
            aria-haspopup="dialog"
            aria-labelledby={`${ids.label} ${ids.control}-value`}
            aria-describedby={ids.describedBy}
            aria-invalid={error ? true : undefined}
            onClick={onOpen}
            className="flex min-h-12 min-w-0 flex-1 items-center gap-2 rounded-lg px-3 py-2 text-left hover:bg-accent"
          >
            <span
              id={`${ids.control}-value`}
              className={cn('min-w-0 flex-1 truncate', !role && 'text-muted-foreground')}
            >
              {role?.name ?? 'Выберите роль'}
            </span>
            {role ? null : (
              <ChevronDown aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
            )}
          </button>
          {role ? (
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Убрать роль «${role.name}»`}
              onClick={onClear}
              className="text-muted-foreground"
            >
              <X aria-hidden="true" />
            </Button>
          ) : null}
        </div>
      )}
    </FormField>
  );
}
