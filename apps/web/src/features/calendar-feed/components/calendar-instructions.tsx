/** How to subscribe to the feed in the two calendars our users have (spec: Google and Yandex), in short steps. */
export function CalendarInstructions() {
  return (
    <div className="flex flex-col gap-3 text-sm">
      <section aria-labelledby="feed-google" className="flex flex-col gap-1">
        <h3 id="feed-google" className="font-semibold">
          Google Календарь
        </h3>
        <ol className="list-decimal space-y-1 pl-5 text-muted-foreground">
          <li>Откройте calendar.google.com на компьютере.</li>
          <li>Слева у «Другие календари» нажмите «+», затем «Добавить по URL».</li>
          <li>Вставьте ссылку и нажмите «Добавить календарь».</li>
        </ol>
      </section>
      <section aria-labelledby="feed-yandex" className="flex flex-col gap-1">
        <h3 id="feed-yandex" className="font-semibold">
          Яндекс Календарь
        </h3>
        <ol className="list-decimal space-y-1 pl-5 text-muted-foreground">
          <li>Откройте calendar.yandex.ru.</li>
          <li>Слева у «Подписки» нажмите «+ Добавить».</li>
          <li>Вставьте ссылку в поле «Ссылка на календарь» и нажмите «Подписаться».</li>
        </ol>
      </section>
      <p className="text-muted-foreground">
        На iPhone и в других приложениях календаря откройте ссылку «Добавить в календарь». Календари обновляют
        подписку сами, обычно раз в несколько часов.
      </p>
    </div>
  );
}
