import { type CurrentTariff, TARIFF_ACTIVE, TRIAL_USED } from '@addesk/contract';
import { Link } from '@tanstack/react-router';
import { CircleCheck, Sparkles } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { ScreenHeader } from '@/components/ui/screen-header';
import { ScreenMain } from '@/components/ui/screen-main';
import { useCurrentTariff } from '@/features/tariffs/api/get-current-tariff';
import { useStartTrial } from '@/features/tariffs/api/start-trial';
import { isApiError } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { errorMessage } from '@/lib/notify';
import { channelLimitText } from '../../-components/tariff-terms';

/** Spec §2.12: the pitch of the trial screen. */
export const TRIAL_PITCH = 'Дарим новым пользователям 1 месяц безлимитного функционала (до 10 каналов)';

/**
 * /profile/tariff/trial (spec §2.12, decisions D2): 'Попробовать бесплатно' really starts the account's one trial
 * (POST /api/tariff/trial). A team the server says has no trial left (`trialAvailable`: used, or a tariff runs) finds
 * the button off with the reason, as the server would word it; a refusal anyway shows the server's words.
 */
export function TrialScreen() {
  const start = useStartTrial();
  const current = useCurrentTariff();
  if (start.isSuccess) return <TrialStarted current={start.data} />;
  // Refused for good (used already, or a tariff runs): asking again would only repeat the refusal.
  const refused = isApiError(start.error) && start.error.code === 'CONFLICT';
  // Known before asking (issue 33): the button would only bring the refusal.
  const unavailable = current.data?.trialAvailable === false;
  // In the server's words and order: a trial once started (running or over) is used; otherwise a tariff runs.
  const reason = !unavailable
    ? null
    : current.data?.tariff && current.data.tariff.id !== 'trial'
      ? TARIFF_ACTIVE
      : TRIAL_USED;

  return (
    <>
      <ScreenHeader title="Пробный период" back={{ to: '/profile/tariff' }} />
      <ScreenMain className="gap-4 px-4 pt-10">
        <div className="flex flex-col items-center gap-4 text-center">
          <span className="flex size-16 items-center justify-center rounded-2xl bg-emerald-500/15 text-emerald-700 dark:text-emerald-300">
            <Sparkles aria-hidden="true" className="size-8" />
          </span>
          <h2 className="max-w-sm font-semibold text-xl leading-snug">{TRIAL_PITCH}</h2>
          <p className="max-w-sm text-muted-foreground">
            Все разделы AdDesk на месяц: каналы, продажи, закупки, команда и календарь. Без оплаты и без
            привязки карты.
          </p>
        </div>

        {start.isError || reason ? (
          <div
            role="alert"
            className="flex flex-col gap-3 rounded-xl border border-destructive/40 bg-destructive/10 p-4"
          >
            <p>{start.isError ? errorMessage(start.error) : reason}</p>
            <Button asChild variant="secondary" className="self-start">
              <Link to="/profile/tariff">Выбрать тариф</Link>
            </Button>
          </div>
        ) : null}

        <div className="mt-auto flex flex-col gap-2 pt-6">
          <Button
            size="lg"
            disabled={start.isPending || refused || unavailable}
            onClick={() => start.mutate()}
          >
            {start.isPending ? 'Подключаем…' : 'Попробовать бесплатно'}
          </Button>
          <Button asChild size="lg" variant="ghost">
            <Link to="/profile">Вернуться в профиль</Link>
          </Button>
        </div>
      </ScreenMain>
    </>
  );
}

function TrialStarted({ current }: { current: CurrentTariff }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The button is gone: tell assistive technology where the user is now.
  useEffect(() => headingRef.current?.focus(), []);
  const name = current.tariff?.name ?? 'Пробный';
  return (
    <>
      <ScreenHeader title="Пробный период" back={{ to: '/profile' }} />
      <ScreenMain className="items-center gap-4 px-6 pt-12 text-center">
        <CircleCheck aria-hidden="true" className="size-16 text-emerald-600 dark:text-emerald-400" />
        <h2 ref={headingRef} tabIndex={-1} className="font-semibold text-2xl outline-none">
          Отлично! Тариф «{name}» продлен
        </h2>
        <p className="max-w-xs text-muted-foreground">
          {current.endsAt ? `Действует до ${formatDate(current.endsAt)}. ` : ''}
          Теперь можно вести {channelLimitText(current.channelLimit)}.
        </p>
        <div className="mt-auto flex w-full flex-col gap-2 pt-6">
          <Button asChild size="lg">
            <Link to="/profile">Вернуться в профиль</Link>
          </Button>
        </div>
      </ScreenMain>
    </>
  );
}
