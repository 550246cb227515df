import type { ChannelInfo, DealKind } from '@addesk/contract';
import { Search, UserRound } from 'lucide-react';
import { useId, useState } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { OptionRow } from '@/components/ui/option-row';
import { Spinner } from '@/components/ui/spinner';
import { PICKER_LOOKUP_DEBOUNCE_MS, useTelegramLookup } from '@/features/telegram';
import { errorMessage } from '@/lib/notify';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { cn } from '@/lib/utils';
import { type CounterpartList, useCounterparts } from '../../api/get-counterparts';
import { type Counterpart, describeCounterpart, savedChannel, savedContact } from './counterpart';
import { bareNameLabel, choose, counterpartSearchTexts, keepLinkLabel } from './counterpart-search-texts';

/** The saved counterparts are searched sooner: that costs the team's own database only. */
const SEARCH_DEBOUNCE_MS = 300;

/** What reads as a link rather than a name: '@name', 't.me/name', 'https://…'. */
const looksLikeLink = (text: string) =>
  /^@|^https?:\/\/|(^|\/\/)(t\.me|telegram\.me|telegram\.dog)\//i.test(text);

type SearchProps = {
  kind: DealKind;
  list: CounterpartList;
  value: Counterpart | null;
  allowName: boolean;
  onPick: (value: Counterpart) => void;
};

/**
 * The body of the counterpart picker's sheet (./counterpart-picker.tsx): one field for a name or a link, and what it
 * finds. Mounted while the sheet is open.
 */
export function CounterpartSearch({ kind, list, value, allowName, onPick }: SearchProps) {
  const texts = counterpartSearchTexts[list];
  const inputId = useId();
  const problemId = useId();
  const [text, setText] = useState('');
  const trimmed = text.trim();
  const linkMode = looksLikeLink(trimmed);

  // A link: checked at once for what cannot be right, looked up after the pause.
  const { parsed, found, looking, linkProblem, lookupProblem } = useTelegramLookup(trimmed, {
    target: list === 'externalChannels' ? 'channel' : 'user',
    debounceMs: PICKER_LOOKUP_DEBOUNCE_MS,
    isLink: looksLikeLink,
  });
  const problem = linkMode ? (linkProblem ?? lookupProblem) : undefined;
  // A person Telegram does not show (a hidden profile, Telegram down) is kept by the link as typed (issue 33);
  // a channel must be found, so that a person's link is never taken for one.
  const unresolved =
    list === 'contacts' && linkMode && parsed?.ok && lookupProblem && !looking ? parsed.username : undefined;

  // A name: the team's saved counterparts that match it.
  const query = useDebouncedValue(linkMode ? '' : trimmed, SEARCH_DEBOUNCE_MS);
  const saved = useCounterparts(kind, list, query, { enabled: !linkMode });
  const items = (saved.data?.items ?? []).map((item) =>
    'channelLink' in item ? savedChannel(item) : savedContact(item),
  );

  const pickFound = (info: ChannelInfo) =>
    onPick({
      source: 'found',
      name: info.name,
      username: info.telegramNickName,
      iconLink: info.imageLink,
      telegramId: info.userId,
    });

  return (
    <div className="flex min-h-0 flex-1 flex-col gap-3 px-5 pt-1">
      <div className="relative">
        <label htmlFor={inputId} className="sr-only">
          {texts.search}
        </label>
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          id={inputId}
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={texts.search}
          maxLength={300}
          autoComplete="off"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          enterKeyHint="search"
          className="pl-10"
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? problemId : undefined}
        />
      </div>
      {problem ? (
        <p id={problemId} role="alert" className="text-destructive text-sm">
          {problem}
        </p>
      ) : null}

      <div className="-mx-2 min-h-0 flex-1 overflow-y-auto pb-2" aria-live="polite">
        {linkMode ? (
          <>
            {looking ? (
              <div role="status" className="flex min-h-16 items-center gap-3 px-2 text-muted-foreground">
                <span aria-hidden="true" className="size-10 shrink-0 animate-pulse rounded-full bg-muted" />
                {texts.looking}
              </div>
            ) : null}
            {unresolved ? (
              <KeepOption
                label={keepLinkLabel(unresolved)}
                onClick={() =>
                  onPick({
                    source: 'found',
                    name: unresolved,
                    username: unresolved,
                    iconLink: null,
                    telegramId: null,
                  })
                }
              />
            ) : null}
            {found && !looking ? (
              <section
                aria-label={texts.found}
                className="mx-2 flex flex-col gap-3 rounded-xl border bg-background p-3"
              >
                <div className="flex min-w-0 items-center gap-3">
                  <Avatar name={found.name} src={found.imageLink} size="lg" />
                  <div className="min-w-0 flex-1">
                    <p className="truncate font-semibold">{found.name}</p>
                    <p className="truncate text-muted-foreground text-sm">@{found.telegramNickName}</p>
                  </div>
                </div>
                <Button size="lg" onClick={() => pickFound(found)}>
                  {choose}
                </Button>
              </section>
            ) : null}
          </>
        ) : (
          <>
            {allowName && trimmed ? (
              <KeepOption
                label={bareNameLabel(trimmed.slice(0, 200))}
                onClick={() => onPick({ source: 'name', name: trimmed.slice(0, 200) })}
              />
            ) : null}
            <h3 className="px-3 pt-2 pb-1 font-medium text-muted-foreground text-sm">{texts.saved}</h3>
            {saved.isPending ? <Spinner className="w-full py-6" /> : null}
            {saved.isError ? (
              <p role="alert" className="px-2 py-2 text-destructive text-sm">
                {errorMessage(saved.error)}
              </p>
            ) : null}
            {saved.isSuccess && items.length === 0 ? (
              <p className="px-2 py-2 text-muted-foreground">{query ? texts.noMatch : texts.none}</p>
            ) : null}
            <ul className={cn('flex flex-col', saved.isPlaceholderData && 'opacity-60')}>
              {items.map((item) => {
                const shown = describeCounterpart(item);
                const selected = value?.source === 'saved' && item.source === 'saved' && value.id === item.id;
                return (
                  <li key={item.source === 'saved' ? item.id : shown.name}>
                    <OptionRow
                      name={shown.name}
                      hint={shown.hint}
                      avatar={{ src: shown.iconLink }}
                      selected={selected}
                      onClick={() => onPick(item)}
                    />
                  </li>
                );
              })}
            </ul>
          </>
        )}
      </div>
    </div>
  );
}

/** Keeps what was typed as the counterpart: a bare name, or a person's link Telegram did not resolve. */
function KeepOption({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="flex min-h-12 w-full items-center gap-3 rounded-lg px-3 py-2 text-left text-link hover:bg-accent"
    >
      <UserRound aria-hidden="true" className="size-5 shrink-0" />
      <span className="min-w-0 flex-1 break-words">{label}</span>
    </button>
  );
}
