import type { Channel } from '@addesk/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Sheet,
  SheetClose,
  SheetContent,
  SheetDescription,
  SheetFooter,
  SheetHeader,
  SheetTitle,
} from '@/components/ui/sheet';
import { forgetChannel, useDeleteChannel } from '@/features/channels/api/delete-channel';
import { errorMessage, notifySuccess } from '@/lib/notify';

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
        notifySuccess('Канал удалён');
      },
    });

  return (
    <Sheet
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) remove.reset();
      }}
    >
      <Button variant="destructive" size="lg" className="mt-2" onClick={() => setOpen(true)}>
        <Trash2 aria-hidden="true" />
        Удалить канал
      </Button>
      <SheetContent>
        <SheetHeader>
          <SheetTitle>Удалить канал?</SheetTitle>
          <SheetDescription>
            Канал «{channel.name}» исчезнет из AdDesk. Сам канал в Telegram останется без изменений.
          </SheetDescription>
        </SheetHeader>
        {remove.isError ? (
          <p role="alert" className="px-5 text-destructive text-sm">
            {errorMessage(remove.error)}
          </p>
        ) : null}
        <SheetFooter>
          <Button size="lg" variant="danger" disabled={remove.isPending} onClick={confirm}>
            {remove.isPending ? 'Удаляем…' : 'Да, удалить канал'}
          </Button>
          <SheetClose asChild>
            <Button size="lg" variant="secondary">
              Назад
            </Button>
          </SheetClose>
        </SheetFooter>
      </SheetContent>
    </Sheet>
  );
}
