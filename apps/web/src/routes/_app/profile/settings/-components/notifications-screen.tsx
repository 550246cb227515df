import { ChevronDown } from 'lucide-react';
import { Collapsible } from 'radix-ui';
import { useState } from 'react';
import { ScreenHeader } from '@/components/ui/screen-header';
import { ScreenMain } from '@/components/ui/screen-main';
import { RemindBeforeField } from './remind-before-field';
import { SettingSwitches, type SettingSwitchItem } from './setting-switches';
import { TelegramLinkCard } from './telegram-link-card';

/** The five toggles of spec §2.11, saved per user (decisions D2). */
const notificationSwitches: readonly SettingSwitchItem[] = [
  { setting: 'notifyPosting', label: 'Постинг', description: 'Выход, закреп и удаление рекламных постов' },
  { setting: 'notifyStatistics', label: 'Статистика', description: 'Сводки за день, неделю и месяц' },
  { setting: 'notifyEmployees', label: 'Сотрудники', description: 'Изменения в команде и на каналах' },
  { setting: 'notifySubscription', label: 'Подписка', description: 'Окончание и продление тарифа' },
  {
    setting: 'notifyReferral',
    label: 'Реферальная программа',
    description: 'Приглашённые друзья и бонусные дни',
  },
];

/** Beside the spec's five: payments falling due (issue 17). */
const paymentSwitch: readonly SettingSwitchItem[] = [
  {
    setting: 'notifyPayments',
    label: 'Оплаты',
    description: 'Утром в день срока оплаты, если сделка не оплачена',
  },
];

/** What each kind of notification tells (spec §2.11 'Детали уведомлений'). */
const details: ReadonlyArray<{ title: string; text: string }> = [
  {
    title: 'Постинг',
    text: 'Напоминания о предстоящих размещениях (за сколько — в «Напоминать за») и сообщения, когда рекламный пост вышел, ушёл из закрепа или удалён по сроку.',
  },
  {
    title: 'Статистика',
    text: 'Сводки продаж, закупок и денег по вашим каналам за 1 день, за неделю и за месяц.',
  },
  {
    title: 'Сотрудники',
    text: 'Когда сотрудника добавили на канал или убрали с него, сменили ему роль, реквизиты или условия оплаты.',
  },
  {
    title: 'Подписка',
    text: 'Когда тариф скоро закончится, когда он закончился, продлён или подключён новый.',
  },
  {
    title: 'Реферальная программа',
    text: 'Когда друг зарегистрировался по вашей ссылке и когда ваш тариф продлён на 7 дней за друга.',
  },
  {
    title: 'Оплаты',
    text: 'В 09:00 по времени команды в день срока оплаты: сколько ещё должен рекламодатель по продаже или сколько осталось заплатить продавцу по закупке.',
  },
  {
    title: 'Календарь',
    text: 'События календаря размещений: продажи и закупки в назначенное время и окончание тарифа.',
  },
  {
    title: 'Акции',
    text: 'Новые возможности AdDesk и специальные предложения по тарифам — не чаще раза в месяц.',
  },
];

/**
 * /profile/settings/notifications (spec §2.11): the person's Telegram for the bot, the toggles (the spec's five and
 * payments), how long before a placement to remind, and what each one means.
 */
export function NotificationsScreen() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <ScreenHeader title="Уведомления" back={{ to: '/profile' }} />
      <ScreenMain className="gap-4 px-4 py-4">
        <p className="text-muted-foreground text-sm">
          Уведомления приходят от Telegram-бота AdDesk. Выберите, о чём сообщать.
        </p>
        <TelegramLinkCard />
        <SettingSwitches label="Уведомления" items={notificationSwitches} />
        <SettingSwitches label="Оплаты" items={paymentSwitch} />
        <RemindBeforeField />

        <Collapsible.Root open={open} onOpenChange={setOpen} className="rounded-xl border bg-card shadow-sm">
          <Collapsible.Trigger className="flex min-h-14 w-full items-center gap-3 rounded-xl px-4 text-left font-medium hover:bg-accent data-[state=open]:rounded-b-none">
            <span className="flex-1">Детали уведомлений</span>
            <ChevronDown
              aria-hidden="true"
              className="size-5 shrink-0 text-muted-foreground transition-transform duration-200 [[data-state=open]>&]:rotate-180"
            />
          </Collapsible.Trigger>
          <Collapsible.Content>
            <dl className="flex flex-col gap-3 border-t px-4 py-4 text-sm leading-relaxed">
              {details.map(({ title, text }) => (
                <div key={title}>
                  <dt className="font-semibold">{title}</dt>
                  <dd className="text-muted-foreground">{text}</dd>
                </div>
              ))}
            </dl>
          </Collapsible.Content>
        </Collapsible.Root>
      </ScreenMain>
    </>
  );
}
