import { ChevronDown, MessageCircle } from 'lucide-react';
import { Accordion } from 'radix-ui';
import { ScreenHeader } from '@/components/ui/screen-header';
import { ScreenMain } from '@/components/ui/screen-main';
import { SupportLink } from '@/features/support/components/support-link';

/** Five fixed questions about AdDesk (spec §2.13). */
export const FAQ: ReadonlyArray<{ question: string; answer: string }> = [
  {
    question: 'Как добавить канал?',
    answer:
      'На главной откройте «Каналы» и нажмите «Добавить канал». Вставьте ссылку на канал (t.me/channel_name или @channel_name): AdDesk найдёт его название и картинку. Чтобы бот мог публиковать посты, сделайте его администратором канала — на странице канала есть подсказка.',
  },
  {
    question: 'Чем продажи отличаются от закупок?',
    answer:
      'Продажа — реклама, которую вы размещаете в своём канале за деньги рекламодателя. Закупка — реклама, которую вы покупаете в чужих каналах. Для каждой сделки записываются канал, контакт, формат, дата и время размещения, стоимость и статус; списки можно отфильтровать по каналу, статусу, менеджеру и периоду.',
  },
  {
    question: 'Как работать с командой?',
    answer:
      'Добавьте сотрудника на странице канала: «Сотрудники» → «Добавить сотрудника». Создайте нового или выберите из «Моей команды», назначьте роль, укажите реквизиты и условия оплаты. Один сотрудник может работать на нескольких каналах.',
  },
  {
    question: 'Какие есть тарифы и сколько каналов можно вести?',
    answer:
      'Без тарифа — 1 канал. БАЗА 3 — до 3 каналов, СЕТКА 10 — до 10, МЕДИА 25 — до 25. Новым пользователям — месяц бесплатно, до 10 каналов. Платный тариф подключает поддержка, а за каждого друга, который пришёл по вашей реферальной ссылке и подключил тариф, ваш тариф продлевается на 7 дней.',
  },
  {
    question: 'Насколько надёжно хранятся мои данные?',
    answer:
      'Данные вашей команды доступны только вам: другие пользователи AdDesk их не видят. Вход — через Google или Яндекс, пароли мы не храним, соединение защищено. Удалить профиль вместе со всеми данными команды можно в «Настройках» профиля.',
  },
];

/** /faq (spec §2.13): questions and answers, and the support chat for everything else. */
export function FaqScreen() {
  return (
    <>
      <ScreenHeader title="Поддержка" back={{ to: '/dashboard' }} />
      <ScreenMain className="gap-6 px-4 pt-4">
        <section aria-labelledby="faq-heading" className="flex flex-col gap-3">
          <h2 id="faq-heading" className="font-semibold text-lg">
            Частые вопросы
          </h2>
          <Accordion.Root
            type="single"
            collapsible
            className="overflow-hidden rounded-xl border bg-card shadow-sm"
          >
            {FAQ.map(({ question, answer }) => (
              <Accordion.Item key={question} value={question} className="border-b last:border-b-0">
                <Accordion.Header asChild>
                  <h3>
                    <Accordion.Trigger className="group flex min-h-14 w-full items-center gap-3 px-4 py-3 text-left font-medium hover:bg-accent">
                      <span className="flex-1">{question}</span>
                      <ChevronDown
                        aria-hidden="true"
                        className="size-5 shrink-0 text-muted-foreground transition-transform duration-200 group-data-[state=open]:rotate-180"
                      />
                    </Accordion.Trigger>
                  </h3>
                </Accordion.Header>
                <Accordion.Content className="px-4 pb-4 text-muted-foreground text-sm leading-relaxed">
                  {answer}
                </Accordion.Content>
              </Accordion.Item>
            ))}
          </Accordion.Root>
        </section>

        <section
          aria-labelledby="faq-more"
          className="mt-auto flex flex-col items-center gap-3 rounded-xl border bg-card p-5 text-center shadow-sm"
        >
          <span className="flex size-12 items-center justify-center rounded-2xl bg-primary/15 text-link">
            <MessageCircle aria-hidden="true" className="size-6" />
          </span>
          <h2 id="faq-more" className="font-semibold text-lg">
            Не нашли ответа?
          </h2>
          <p className="text-muted-foreground text-sm">Напишите нам — ответим в Telegram.</p>
          <SupportLink>Связаться с поддержкой</SupportLink>
        </section>
      </ScreenMain>
    </>
  );
}
