import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FilterChip } from '@/components/filters/filter-chip';
import { OptionRow } from '@/components/ui/option-row';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '@/components/ui/sheet';
import { Spinner } from '@/components/ui/spinner';
import { channelQueryOptions, useChannels } from '@/features/channels';

const texts = { name: 'Канал', all: 'Все каналы' };

export type ChannelFilterProps = {
  value: number | undefined;
  onChange: (channelId: number | undefined) => void;
};

/**
 * The 'Канал' chip (the schedule, finance) and its sheet: every live channel of the team, 'Все каналы' first. An
 * archived channel is not offered, but one already in the address keeps its chip with its name.
 */
export function ChannelFilter({ value, onChange }: ChannelFilterProps) {
  const [open, setOpen] = useState(false);
  // A team's channels fit one page of the largest size; the filter lists them all.
  const channels = useChannels({ limit: 200 });
  const listed = channels.data?.items.find((channel) => channel.id === value);
  const archived = useQuery({
    ...channelQueryOptions(value ?? 0),
    enabled: value !== undefined && channels.isSuccess && listed === undefined,
  });
  const chosen = listed ?? (archived.data?.id === value ? archived.data : undefined);
  const pick = (channelId: number | undefined) => {
    onChange(channelId);
    setOpen(false);
  };
  return (
    <>
      <FilterChip
        name={texts.name}
        value={value === undefined ? texts.all : (chosen?.name ?? texts.name)}
        active={value !== undefined}
        aria-expanded={open}
        onClick={() => setOpen(true)}
      />
      <Sheet open={open} onOpenChange={setOpen}>
        <SheetContent>
          <SheetHeader>
            <SheetTitle>{texts.name}</SheetTitle>
            <SheetDescription className="sr-only">{texts.all}</SheetDescription>
          </SheetHeader>
          <div className="min-h-0 overflow-y-auto px-3 pb-2">
            <ul className="flex flex-col">
              <li>
                <OptionRow name={texts.all} selected={value === undefined} onClick={() => pick(undefined)} />
              </li>
              {channels.data?.items.map((channel) => (
                <li key={channel.id}>
                  <OptionRow
                    name={channel.name}
                    avatar={{ src: channel.iconLink }}
                    selected={channel.id === value}
                    onClick={() => pick(channel.id)}
                  />
                </li>
              ))}
            </ul>
            {channels.isPending ? <Spinner className="w-full py-6" /> : null}
          </div>
        </SheetContent>
      </Sheet>
    </>
  );
}
