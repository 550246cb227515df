import { Copy } from 'lucide-react';
import { Button, type ButtonProps } from '@/components/ui/button';
import {
  Sheet,
  SheetClose,
  SheetContent,
  SheetDescription,
  SheetFooter,
  SheetHeader,
  SheetTitle,
} from '@/components/ui/sheet';
import { copyText } from '@/lib/copy-text';
import { notifyFailure, notifySuccess } from '@/lib/notify';
import { cn } from '@/lib/utils';
import { REFERRAL_QR_URL } from '../api/get-referral';

export const LINK_COPIED = 'Ссылка скопирована';
export const LINK_NOT_COPIED = 'Не удалось скопировать ссылку. Выделите её и скопируйте вручную';

/** Copies the referral link and says so in a toast. */
export async function copyReferralLink(link: string): Promise<void> {
  if (await copyText(link)) {
    notifySuccess(LINK_COPIED);
    return;
  }
  notifyFailure(LINK_NOT_COPIED);
}

export type CopyLinkButtonProps = Omit<ButtonProps, 'onClick' | 'asChild'> & {
  /** The link to copy; the button waits (disabled) while it loads. */
  link: string | undefined;
};

/** A button copying the referral link ('Ссылка', 'Скопировать ссылку'). */
export function CopyLinkButton({ link, children, disabled, ...props }: CopyLinkButtonProps) {
  return (
    <Button {...props} disabled={disabled || !link} onClick={() => link && void copyReferralLink(link)}>
      {children}
    </Button>
  );
}

/**
 * The referral link as text: it wraps before its query, and inside the address only when the address alone is
 * longer than a line; the query with the code (`?ref=CODE`) never, so the code is read and retyped whole.
 */
export function ReferralLinkText({ link, className }: { link: string; className?: string }) {
  const query = link.indexOf('?');
  const address = query < 0 ? link : link.slice(0, query);
  return (
    <p data-slot="referral-link" className={cn('max-w-full break-words', className)}>
      {address}
      {query < 0 ? null : (
        <>
          <wbr />
          <span data-slot="referral-code" className="whitespace-nowrap">
            {link.slice(query)}
          </span>
        </>
      )}
    </p>
  );
}

/** The QR code of the referral link as the server draws it, on white so any camera reads it in the dark theme. */
export function ReferralQr({ className }: { className?: string }) {
  return (
    <span className={cn('inline-flex rounded-2xl bg-white p-3 shadow-sm', className)}>
      <img
        src={REFERRAL_QR_URL}
        alt="QR-код вашей реферальной ссылки"
        width={224}
        height={224}
        className="size-56"
      />
    </span>
  );
}

export type QrSheetProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  link: string | undefined;
};

/** 'QR код': the code in a bottom sheet, for a friend sitting next to you. */
export function QrSheet({ open, onOpenChange, link }: QrSheetProps) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent>
        <SheetHeader className="text-center">
          <SheetTitle>QR-код вашей ссылки</SheetTitle>
          <SheetDescription>
            Пусть друг наведёт камеру телефона на код: откроется регистрация в AdDesk по вашей ссылке.
          </SheetDescription>
        </SheetHeader>
        <div className="flex flex-col items-center gap-3 px-5 py-2">
          {open ? <ReferralQr /> : null}
          {link ? (
            <ReferralLinkText link={link} className="text-center text-muted-foreground text-sm" />
          ) : null}
        </div>
        <SheetFooter>
          <CopyLinkButton link={link} size="lg">
            <Copy aria-hidden="true" />
            Скопировать ссылку
          </CopyLinkButton>
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
