import type { Channel } from '@addesk/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmSheet } from '@/components/ui/confirm-sheet';
import { forgetChannel, useDeleteChannel } from '@/features/channels/api/delete-channel';
import { dealsQueryKeys } from '@/features/deals/api/query-keys';
import { calendarQueryKeys } from '@/features/filters';
import { scheduleQueryKeys } from '@/features/schedule';
import { notifySuccess } from '@/lib/notify';

/** 'Удалить канал' and its confirmation bottom sheet; after deleting, back to the list. */
export function DeleteChannelSheet({ channel }: { channel: Channel }) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteChannel();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const confirm = () =>
    remove.mutate(channel.id, {
      onSuccess: async () => {
        setOpen(false);
        await navigate({ to: '/channels', replace: true });
        forgetChannel(queryClient, channel.id);
        // The channel's sales and purchases are deleted with it (decisions 006): every place that shows them.
        for (const queryKey of [dealsQueryKeys.all, calendarQueryKeys.all, scheduleQueryKeys.all]) {
          void queryClient.invalidateQueries({ queryKey });
        }
        notifySuccess('Канал удалён');
      },
    });

  return (
    <>
      <Button variant="destructive" size="lg" className="mt-2" onClick={() => setOpen(true)}>
        <Trash2 aria-hidden="true" />
        Удалить канал
      </Button>
      <ConfirmSheet
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) remove.reset();
        }}
        title="Удалить канал?"
        description={`Канал «${channel.name}» исчезнет из AdDesk вместе с его продажами и закупками. Сам канал в Telegram останется без изменений.`}
        confirmLabel="Да, удалить канал"
        pendingLabel="Удаляем…"
        pending={remove.isPending}
        error={remove.error}
        onConfirm={confirm}
      />
    </>
  );
}
