import type { UserSettings } from '@addesk/contract';
import { type ReactNode, useId } from 'react';
import { ErrorState } from '@/components/ui/error-state';
import { Switch } from '@/components/ui/switch';
import { useSettings } from '@/features/profile/api/get-settings';
import { useUpdateSettings } from '@/features/profile/api/update-settings';

/** The user's own on/off settings: not the team's (zone, minimum gap), nor whether the user is its master. */
export type SwitchableSetting = Exclude<
  { [K in keyof UserSettings]: UserSettings[K] extends boolean ? K : never }[keyof UserSettings],
  'isMaster'
>;

export type SettingSwitchItem = {
  setting: SwitchableSetting;
  label: string;
  description: ReactNode;
  icon?: ReactNode;
  /** Off and shown off whatever is saved: what it switches does not exist here (a server without a bot). */
  unavailable?: boolean;
};

/**
 * A card of on/off rows bound to GET/PATCH /api/settings: each switch saves at once (optimistically) and flips
 * back with a toast if the server refuses. The whole row is the touch target.
 */
export function SettingSwitches({ items, label }: { items: readonly SettingSwitchItem[]; label: string }) {
  const query = useSettings();
  const update = useUpdateSettings();

  if (query.isPending) {
    return (
      <ul aria-label={label} aria-busy="true" className="overflow-hidden rounded-xl border bg-card">
        {items.map((item) => (
          <li key={item.setting} className="flex min-h-16 items-center gap-3 border-b px-4 last:border-b-0">
            <span className="h-4 flex-1 animate-pulse rounded bg-muted" />
            <span className="h-7 w-12 animate-pulse rounded-full bg-muted" />
          </li>
        ))}
      </ul>
    );
  }

  if (query.isError) {
    return (
      <ErrorState
        error={query.error}
        onRetry={() => void query.refetch()}
        className="gap-3 rounded-xl border bg-card p-6"
      />
    );
  }

  const settings = query.data;
  return (
    <ul aria-label={label} className="overflow-hidden rounded-xl border bg-card shadow-sm">
      {items.map((item) => (
        <SettingSwitchRow
          key={item.setting}
          item={item}
          checked={item.unavailable ? false : settings[item.setting]}
          onChange={(value) => update.mutate({ [item.setting]: value })}
        />
      ))}
    </ul>
  );
}

function SettingSwitchRow({
  item,
  checked,
  onChange,
}: {
  item: SettingSwitchItem;
  checked: boolean;
  onChange: (value: boolean) => void;
}) {
  return (
    <li className="border-b last:border-b-0">
      <SwitchRow
        label={item.label}
        description={item.description}
        icon={item.icon}
        checked={checked}
        disabled={item.unavailable}
        onCheckedChange={onChange}
      />
    </li>
  );
}

/**
 * One on/off row: its name and what it does, the switch at the right; the whole row is the touch target. The settings'
 * lists and the ОРД screen's 'Песочница' (issue 35) share it, and with it one chunk for the switch.
 */
export function SwitchRow({
  label,
  description,
  icon,
  checked,
  disabled,
  onCheckedChange,
}: {
  label: ReactNode;
  description: ReactNode;
  icon?: ReactNode;
  checked: boolean;
  disabled?: boolean | undefined;
  onCheckedChange: (value: boolean) => void;
}) {
  const id = useId();
  return (
    <label
      htmlFor={id}
      className={
        disabled
          ? 'flex min-h-16 cursor-not-allowed items-center gap-3 px-4 py-3 opacity-60'
          : 'flex min-h-16 cursor-pointer items-center gap-3 px-4 py-3 hover:bg-accent active:bg-accent/80'
      }
    >
      {icon}
      <span className="min-w-0 flex-1">
        <span id={`${id}-label`} className="block font-medium">
          {label}
        </span>
        <span id={`${id}-description`} className="block text-muted-foreground text-sm">
          {description}
        </span>
      </span>
      <Switch
        id={id}
        checked={checked}
        disabled={disabled}
        onCheckedChange={onCheckedChange}
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-description`}
      />
    </label>
  );
}
