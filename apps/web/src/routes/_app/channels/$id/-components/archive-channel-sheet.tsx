import type { Channel } from '@addesk/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Archive } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmSheet } from '@/components/ui/confirm-sheet';
import { refreshChannel, useArchiveChannel } from '@/features/channels/api/archive-channel';
import { notifySuccess } from '@/lib/notify';

/**
 * 'В архив' and its confirmation bottom sheet (deleting a channel archives it, decisions 017); afterwards, back to
 * the list. The channel's deals stay where they are, so no deal query needs refreshing.
 */
export function ArchiveChannelSheet({ channel }: { channel: Channel }) {
  const [open, setOpen] = useState(false);
  const archive = useArchiveChannel();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const confirm = () =>
    archive.mutate(channel.id, {
      onSuccess: async () => {
        setOpen(false);
        await navigate({ to: '/channels', replace: true });
        void refreshChannel(queryClient, channel.id);
        notifySuccess('Канал перенесён в архив');
      },
    });

  return (
    <>
      <Button variant="secondary" size="lg" className="mt-2" onClick={() => setOpen(true)}>
        <Archive aria-hidden="true" />В архив
      </Button>
      <ConfirmSheet
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) archive.reset();
        }}
        title="Перенести канал в архив?"
        description={`Канал «${channel.name}» уйдёт в архив и освободит место в тарифе. Его продажи и закупки останутся в списках, суммах и выгрузках. Вернуть канал можно в разделе «Архив» на странице каналов.`}
        confirmLabel="В архив"
        pendingLabel="Переносим…"
        confirmVariant="default"
        pending={archive.isPending}
        error={archive.error}
        onConfirm={confirm}
      />
    </>
  );
}
