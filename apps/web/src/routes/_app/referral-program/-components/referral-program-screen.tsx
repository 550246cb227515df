import type { Referral } from '@addesk/contract';
import { REFERRAL_BONUS_DAYS } from '@addesk/contract/plain';
import { Copy } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Card } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { ScreenHeader } from '@/components/ui/screen-header';
import { ScreenMain } from '@/components/ui/screen-main';
import { useReferral } from '@/features/referral/api/get-referral';
import { CopyLinkButton, ReferralLinkText, ReferralQr } from '@/features/referral/components/referral-share';
import { plural } from '@/lib/format';

/** The five rules of spec §2.12, in its order. */
export const REFERRAL_RULES = [
  'Каждый участник получает уникальную реферальную ссылку и QR-код.',
  `Когда друг зарегистрируется по вашей ссылке и подключит платный тариф, ваш тариф продлится бесплатно на ${REFERRAL_BONUS_DAYS} дней.`,
  'Вознаграждение может получить как пригласивший, так и приглашённый друг, или они оба.',
  'Реферальные ссылки нельзя продавать или передавать другим участникам программы.',
  'Программа может быть ограничена по времени или по числу участников.',
] as const;

const friends = ['друг', 'друга', 'друзей'] as const;
const days = ['день', 'дня', 'дней'] as const;

/** /referral-program (spec §2.12, decisions D3): the rules, the user's link and QR code, and the friends so far. */
export function ReferralProgramScreen() {
  const referral = useReferral();

  let mine: ReactNode;
  if (referral.isPending) {
    mine = (
      <div aria-hidden="true" className="flex flex-col items-center gap-3">
        <span className="size-62 animate-pulse rounded-2xl bg-muted" />
        <span className="h-4 w-3/4 animate-pulse rounded bg-muted" />
      </div>
    );
  } else if (referral.isError) {
    mine = <ErrorState error={referral.error} onRetry={() => void referral.refetch()} compact />;
  } else {
    mine = <MyLink referral={referral.data} />;
  }

  return (
    <>
      <ScreenHeader title="Реферальная программа" back={{ to: '/profile' }} />
      <ScreenMain className="gap-5 px-4 pt-4">
        <p className="text-muted-foreground">
          Приглашайте друзей в AdDesk и продлевайте свой тариф бесплатно: {plural(REFERRAL_BONUS_DAYS, days)}{' '}
          за каждого друга, который подключит платный тариф.
        </p>

        <section aria-labelledby="referral-rules" className="flex flex-col gap-3">
          <h2 id="referral-rules" className="font-semibold text-lg">
            Правила
          </h2>
          <ol className="flex flex-col gap-3">
            {REFERRAL_RULES.map((rule, index) => (
              <li key={rule} className="flex gap-3">
                <span
                  aria-hidden="true"
                  className="flex size-7 shrink-0 items-center justify-center rounded-full bg-primary/15 font-semibold text-link text-sm"
                >
                  {index + 1}
                </span>
                <span className="pt-0.5 text-sm leading-relaxed">{rule}</span>
              </li>
            ))}
          </ol>
        </section>

        {mine}
      </ScreenMain>
    </>
  );
}

function MyLink({ referral }: { referral: Referral }) {
  const linkId = useId();
  return (
    <>
      <section aria-labelledby={linkId} className="flex flex-col gap-3">
        <h2 id={linkId} className="font-semibold text-lg">
          Ваша ссылка
        </h2>
        <Card className="flex flex-col items-center gap-4 p-4">
          <ReferralQr />
          <ReferralLinkText
            link={referral.link}
            className="w-full rounded-lg bg-muted px-3 py-2 text-center font-mono text-sm"
          />
          <CopyLinkButton link={referral.link} size="lg">
            <Copy aria-hidden="true" />
            Скопировать ссылку
          </CopyLinkButton>
        </Card>
      </section>

      <section aria-label="Ваши друзья" className="grid grid-cols-2 gap-3">
        <Stat label="Приглашено" value={plural(referral.invited, friends)} />
        <Stat
          label="Получили бонус"
          value={plural(referral.rewarded, friends)}
          note={
            referral.rewarded > 0
              ? `+${plural(referral.rewarded * REFERRAL_BONUS_DAYS, days)} к тарифу`
              : undefined
          }
        />
      </section>
    </>
  );
}

function Stat({ label, value, note }: { label: string; value: string; note?: string | undefined }) {
  return (
    <Card className="flex flex-col gap-1 p-4">
      <span className="text-muted-foreground text-sm">{label}</span>
      <span className="font-semibold text-xl">{value}</span>
      {note ? <span className="text-muted-foreground text-xs">{note}</span> : null}
    </Card>
  );
}
