import type { Post } from '@addesk/contract';
import { type DealKind, POST_LINK_MESSAGE, readPostLink } from '@addesk/contract/plain';
import { useQueryClient } from '@tanstack/react-query';
import { BadgeCheck, RefreshCw } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { isApiError } from '@/lib/api-client';
import { formatMoney, formatTime } from '@/lib/format';
import { errorMessage, notifySuccess } from '@/lib/notify';
import { dealsQueryKeys } from '@/lib/query-keys';
import { postQueryKey, usePost, useRefreshPost } from '../../api/post';
import { useUpdateDeal } from '../../api/update-deal';
import { DealScreenCard } from '../deal-screen-card';
import type { Deal } from '../form/deal-form-values';
import { PostDetails, PostLink } from './post-details';
import { postTexts as t } from './post-texts';
import { ReportLink } from './report-link';

// The bot's candidates open in a sheet of their own, loaded on the first 'Выбрать пост'.
const CandidatesSheet = lazy(() =>
  import('./candidates-sheet').then(({ CandidatesSheet }) => ({ default: CandidatesSheet })),
);

/** After the reading's time, the post is fetched again this much later: the reading takes a moment. */
export const REFETCH_AFTER_CHECK_MS = 5_000;

export type PostCardProps = {
  kind: DealKind;
  id: number;
  deal: Deal;
  /** Whether the person may change the deal: set the link, share or revoke the report. */
  editable: boolean;
};

/**
 * 'Пост' on a deal's screen (issue 36): the post's link and what was read of it (views, CPM, whether the agreed top
 * and feed time were kept), 'Обновить' for a new reading; without a link, a field to paste it (and on a sale the
 * bot's candidates); and the public report's link for the other side.
 */
export function PostCard({ kind, id, deal, editable }: PostCardProps) {
  return (
    <DealScreenCard title={t.title} query={usePost(kind, id)}>
      {(post) =>
        post.link ? (
          <>
            <Known kind={kind} id={id} post={post} link={post.link} />
            {editable ? <ReportLink kind={kind} id={id} shared={post.reportShared} /> : null}
          </>
        ) : (
          <NoLink kind={kind} id={id} deal={deal} editable={editable} />
        )
      }
    </DealScreenCard>
  );
}

function Known({ kind, id, post, link }: { kind: DealKind; id: number; post: Post; link: string }) {
  const extra: Array<[string, string]> = [];
  if (post.cpm !== null) extra.push([t.cpm, formatMoney(post.cpm)]);
  if (kind === 'purchase' && post.costPerSubscriber !== null)
    extra.push([t.perSubscriber, formatMoney(post.costPerSubscriber)]);
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-col gap-1">
        <PostLink link={link} />
        {post.foundByBot ? (
          <p className="flex items-center gap-1.5 text-muted-foreground text-sm">
            <BadgeCheck aria-hidden="true" className="size-4" />
            {t.foundByBot}
          </p>
        ) : null}
      </div>
      <PostDetails post={post} extra={extra} />
      <Refresh kind={kind} id={id} />
    </div>
  );
}

/** 'Обновить': asks for a reading, says when it runs ('Обновим в 14:40') and fetches the post a little after it. */
function Refresh({ kind, id }: { kind: DealKind; id: number }) {
  const queryClient = useQueryClient();
  const refresh = useRefreshPost(kind, id);
  const [checkAt, setCheckAt] = useState<string>();

  useEffect(() => {
    if (!checkAt) return;
    const wait = Math.max(0, Date.parse(checkAt) - Date.now()) + REFETCH_AFTER_CHECK_MS;
    const timer = setTimeout(() => {
      void queryClient.invalidateQueries({ queryKey: postQueryKey(kind, id), exact: true });
      setCheckAt(undefined);
    }, wait);
    return () => clearTimeout(timer);
  }, [checkAt, queryClient, kind, id]);

  return (
    <div className="flex flex-col gap-2">
      {refresh.isError ? (
        <p role="alert" className="text-destructive text-sm">
          {errorMessage(refresh.error)}
        </p>
      ) : null}
      {checkAt ? (
        <p role="status" className="text-sm">
          {t.refreshAt(formatTime(checkAt))}
        </p>
      ) : (
        <Button
          variant="secondary"
          className="self-start"
          disabled={refresh.isPending}
          onClick={() => refresh.mutate(undefined, { onSuccess: (answer) => setCheckAt(answer.checkAt) })}
        >
          <RefreshCw aria-hidden="true" />
          {t.refresh}
        </Button>
      )}
    </div>
  );
}

/** 'Ссылки на пост нет', and for whoever may change the deal a field to paste it and, on a sale, the bot's picks. */
function NoLink({ kind, id, deal, editable }: PostCardProps) {
  const [picking, setPicking] = useState(false);
  const save = useSaveLink(kind, id, deal);
  return (
    <div className="flex flex-col gap-3">
      <p className="text-muted-foreground">{t.noLink}</p>
      {editable ? (
        <>
          <LinkField save={save} />
          {kind === 'sale' ? (
            <>
              <Button variant="secondary" onClick={() => setPicking(true)}>
                {t.pick}
              </Button>
              {picking ? (
                <Suspense fallback={null}>
                  <CandidatesSheet
                    id={id}
                    open={picking}
                    onOpenChange={setPicking}
                    pending={save.pending}
                    onPick={(link) => void save.run(link).then((ok) => ok && setPicking(false))}
                  />
                </Suspense>
              ) : null}
            </>
          ) : null}
        </>
      ) : null}
    </div>
  );
}

type SaveLink = ReturnType<typeof useSaveLink>;

/**
 * PATCHes the deal with the link at the version shown. A 409 is the product's usual conflict: the deal changed
 * meanwhile; it is reloaded and the person saves again on top of it.
 */
function useSaveLink(kind: DealKind, id: number, deal: Deal) {
  const queryClient = useQueryClient();
  const update = useUpdateDeal(kind, id);
  const [problem, setProblem] = useState<string>();
  const run = async (link: string): Promise<boolean> => {
    if (update.isPending) return false;
    setProblem(undefined);
    try {
      await update.mutateAsync({ postLink: link, version: deal.version });
      notifySuccess(t.linkSaved);
      return true;
    } catch (error) {
      if (isApiError(error) && error.code === 'VERSION_CONFLICT') {
        setProblem(t.conflict);
        void queryClient.invalidateQueries({ queryKey: dealsQueryKeys.detail(kind, id) });
      } else {
        const fieldErrors = isApiError(error) ? error.fieldErrors?.postLink : undefined;
        setProblem(fieldErrors?.[0] ?? errorMessage(error));
      }
      return false;
    }
  };
  return { run, problem, pending: update.isPending };
}

function LinkField({ save }: { save: SaveLink }) {
  const inputId = useId();
  const errorId = useId();
  const [value, setValue] = useState('');
  const [invalid, setInvalid] = useState(false);
  const check = () => {
    const read = value.trim() === '' ? undefined : readPostLink(value);
    setInvalid(value.trim() !== '' && read === undefined);
    return read;
  };
  const message = invalid ? POST_LINK_MESSAGE : save.problem;
  return (
    <form
      noValidate
      className="flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        const read = check();
        if (read) void save.run(read.link).then((ok) => ok && setValue(''));
        else setInvalid(true);
      }}
    >
      <label htmlFor={inputId} className="font-medium text-sm">
        {t.linkLabel}
      </label>
      <Input
        id={inputId}
        type="url"
        inputMode="url"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        placeholder={t.linkPlaceholder}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        onBlur={() => void check()}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={message ? errorId : undefined}
      />
      {message ? (
        <p id={errorId} role="alert" className="text-destructive text-sm">
          {message}
        </p>
      ) : null}
      <Button type="submit" disabled={save.pending}>
        {save.pending ? t.savingLink : t.saveLink}
      </Button>
    </form>
  );
}
