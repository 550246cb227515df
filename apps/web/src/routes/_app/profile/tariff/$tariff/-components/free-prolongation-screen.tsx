import { REFERRAL_BONUS_DAYS } from '@addesk/contract/plain';
import { getRouteApi, Link } from '@tanstack/react-router';
import { Gift, Link2, QrCode } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { ScreenHeader } from '@/components/ui/screen-header';
import { ScreenMain } from '@/components/ui/screen-main';
import { useReferral } from '@/features/referral/api/get-referral';
import { CopyLinkButton, QrSheet } from '@/features/referral/components/referral-share';
import { plural } from '@/lib/format';

const route = getRouteApi('/_app/profile/tariff/$tariff/free-prolongation');

const bonus = plural(REFERRAL_BONUS_DAYS, ['день', 'дня', 'дней']);

/**
 * /profile/tariff/{tariff}/free-prolongation (spec §2.12): a friend who comes by the user's link and gets a paid
 * tariff extends the user's tariff by 7 days. 'Ссылка' copies the link, 'QR код' shows its QR code.
 */
export function FreeProlongationScreen() {
  const { tariff } = route.useParams();
  const referral = useReferral();
  const [qrOpen, setQrOpen] = useState(false);
  const link = referral.data?.link;

  return (
    <>
      <ScreenHeader
        title="Бесплатное продление"
        back={{ to: '/profile/tariff/$tariff', params: { tariff } }}
      />
      <ScreenMain className="gap-4 px-4 pt-8">
        <div className="flex flex-col items-center gap-3 text-center">
          <span className="flex size-16 items-center justify-center rounded-2xl bg-pink-500/15 text-pink-600 dark:text-pink-300">
            <Gift aria-hidden="true" className="size-8" />
          </span>
          <h2 className="font-semibold text-2xl">Продлите ваш тариф бесплатно</h2>
          <p className="max-w-sm text-muted-foreground">
            Порекомендуйте AdDesk другу. Когда он зарегистрируется по вашей ссылке и подключит платный тариф,
            ваш тариф продлится на {bonus}. За каждого друга — ещё {bonus}.
          </p>
        </div>

        {referral.isError ? (
          <ErrorState error={referral.error} onRetry={() => void referral.refetch()} compact />
        ) : null}

        <div className="grid grid-cols-2 gap-3 pt-2">
          <CopyLinkButton
            link={link}
            size={null}
            variant="secondary"
            className="min-h-14 w-full px-5 py-3 text-base"
          >
            <Link2 aria-hidden="true" />
            Ссылка
          </CopyLinkButton>
          <Button
            size={null}
            variant="secondary"
            className="min-h-14 w-full px-5 py-3 text-base"
            disabled={!link}
            onClick={() => setQrOpen(true)}
          >
            <QrCode aria-hidden="true" />
            QR код
          </Button>
        </div>

        <div className="mt-auto flex flex-col gap-2 pt-6">
          <Button asChild size="lg">
            <Link to="/referral-program">Подробнее</Link>
          </Button>
          <Button asChild size="lg" variant="ghost">
            <Link to="/dashboard">На главную</Link>
          </Button>
        </div>
      </ScreenMain>
      <QrSheet open={qrOpen} onOpenChange={setQrOpen} link={link} />
    </>
  );
}
