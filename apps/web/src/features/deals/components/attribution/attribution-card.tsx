import type { Attribution } from '@addesk/contract';
import { Link } from '@tanstack/react-router';
import { Copy, Download, Share2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Button } from '@/components/ui/button';
import { downloadExport } from '@/features/export';
import { useTelegramBot } from '@/features/telegram';
import { copyText } from '@/lib/copy-text';
import { formatDate, formatMoney } from '@/lib/format';
import { errorMessage, notifyError, notifyFailure, notifySuccess } from '@/lib/notify';
import { useCreateInviteLink } from '../../api/create-invite-link';
import { useAttribution } from '../../api/get-attribution';
import { DealScreenCard } from '../deal-screen-card';
import { attributionTexts as t } from './attribution-texts';
import { JoinsChart } from './joins-chart';

export type AttributionCardProps = {
  /** The purchase. */
  id: number;
  /** Our channel the purchase grows: where the bot has to be an administrator. */
  channel: { id: number; name: string };
};

/**
 * 'Подписчики по ссылке' on a purchase's screen (issue 17): the purchase's invite link to hand to the seller, or why
 * there is none yet; what it brought (joined, left, still subscribed, the cost of each, retention after 24 hours and 7
 * days), joins per day and the log as CSV; and plainly what the bot cannot count. The joins arrive by themselves, so
 * the card refetches on focus and every 30 s while the page is visible.
 */
export function AttributionCard({ id, channel }: AttributionCardProps) {
  return (
    <DealScreenCard
      title={t.title}
      query={useAttribution(id)}
      footer={<p className="text-muted-foreground text-sm">{t.limits}</p>}
    >
      {(attribution) => (
        <>
          <LinkPart id={id} channel={channel} attribution={attribution} />
          <Figures attribution={attribution} />
          <JoinsChart byDay={attribution.byDay} />
          {attribution.inviteLink ? <DownloadLog id={id} /> : null}
        </>
      )}
    </DealScreenCard>
  );
}

function LinkPart({ id, channel, attribution }: AttributionCardProps & { attribution: Attribution }) {
  const { inviteLink, revokedAt, blocker } = attribution;
  if (inviteLink && !revokedAt) return <InviteLink link={inviteLink} />;
  // A revoked link's purchase may get a new one (restored, back from cancelled, moved to another channel).
  const next = blocker ? (
    <Blocker blocker={blocker} channel={channel} />
  ) : (
    <CreateLink id={id} again={!!inviteLink} />
  );
  if (!inviteLink || !revokedAt) return next;
  return (
    <>
      <div className="flex flex-col gap-1">
        <p className="font-medium">{t.revoked(formatDate(revokedAt))}</p>
        <p className="break-all text-muted-foreground text-sm line-through">{inviteLink}</p>
        <p className="text-muted-foreground text-sm">{t.revokedHint}</p>
      </div>
      {next}
    </>
  );
}

function InviteLink({ link }: { link: string }) {
  const copy = async () => {
    if (await copyText(link)) notifySuccess(t.copied);
    else notifyFailure(t.notCopied);
  };
  const share = async () => {
    if (!navigator.share) return copy();
    try {
      await navigator.share({ title: t.shareTitle, url: link });
    } catch (error) {
      // Closing the share sheet is no failure; anything else falls back to the clipboard.
      if (!(error instanceof DOMException && error.name === 'AbortError')) await copy();
    }
  };
  return (
    <div className="flex flex-col gap-2">
      <p className="text-muted-foreground text-sm">{t.linkLabel}</p>
      <p className="select-all break-all rounded-lg bg-muted px-3 py-2 font-medium">{link}</p>
      <div className="grid grid-cols-2 gap-2">
        <Button variant="secondary" onClick={() => void copy()}>
          <Copy aria-hidden="true" />
          {t.copy}
        </Button>
        <Button variant="secondary" onClick={() => void share()}>
          <Share2 aria-hidden="true" />
          {t.share}
        </Button>
      </div>
      <p className="text-muted-foreground text-sm">{t.linkHint}</p>
    </div>
  );
}

function Blocker({
  blocker,
  channel,
}: {
  blocker: NonNullable<Attribution['blocker']>;
  channel: AttributionCardProps['channel'];
}) {
  const bot = useTelegramBot();
  const toChannel = (
    <Button asChild variant="outline" className="self-start bg-card">
      <Link to="/channels/$id" params={{ id: String(channel.id) }}>
        {t.openChannel}
      </Link>
    </Button>
  );
  const text: Record<typeof blocker, ReactNode> = {
    NO_BOT: <p>{t.blockers.NO_BOT}</p>,
    BOT_NOT_ADMIN: (
      <>
        <p>{t.blockers.BOT_NOT_ADMIN(bot.data?.username ?? null, channel.name)}</p>
        {toChannel}
      </>
    ),
    NO_INVITE_RIGHT: (
      <>
        <p>{t.blockers.NO_INVITE_RIGHT(channel.name)}</p>
        {toChannel}
      </>
    ),
    CANCELLED: <p>{t.blockers.CANCELLED}</p>,
  };
  return (
    <div data-blocker={blocker} className="flex flex-col gap-3 rounded-lg bg-muted p-3 text-sm">
      {text[blocker]}
    </div>
  );
}

/** 'Создать ссылку'; `again` after a revoked one, which the card has just shown. */
function CreateLink({ id, again }: { id: number; again: boolean }) {
  const create = useCreateInviteLink(id);
  return (
    <div className="flex flex-col gap-2">
      {again ? null : <p className="text-sm">{t.noLink}</p>}
      {create.isError ? (
        <p role="alert" className="text-destructive text-sm">
          {errorMessage(create.error)}
        </p>
      ) : null}
      <Button onClick={() => create.mutate()} disabled={create.isPending}>
        {create.isPending ? t.creating : t.create}
      </Button>
    </div>
  );
}

const percent = (share: number | null) => (share === null ? t.none : `${Math.round(share * 100)}\u00a0%`);
const count = (value: number | null) => (value === null ? t.none : String(value));
const money = (value: number | null) => (value === null ? t.none : formatMoney(value));

function Figures({ attribution: a }: { attribution: Attribution }) {
  const counts: Array<[string, number | null]> = [
    [t.joined, a.joined],
    [t.left, a.left],
    [t.remaining, a.remaining],
  ];
  const rest: Array<[string, string]> = [
    [t.costPerSubscriber, money(a.costPerSubscriber)],
    [t.costPerRemaining, money(a.costPerRemaining)],
    [t.retention24h, percent(a.retention24h)],
    [t.retention7d, percent(a.retention7d)],
  ];
  return (
    <div className="flex flex-col gap-3">
      <dl className="grid grid-cols-3 gap-2">
        {counts.map(([term, value]) => (
          <div key={term} className="flex min-w-0 flex-col gap-0.5 rounded-lg bg-muted px-2.5 py-2">
            <dt className="break-words text-muted-foreground text-sm">{term}</dt>
            <dd className="font-semibold text-2xl tabular-nums">{count(value)}</dd>
          </div>
        ))}
      </dl>
      <dl className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-1.5 text-sm">
        {rest.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="text-muted-foreground">{term}</dt>
            <dd className="text-right font-medium tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

function DownloadLog({ id }: { id: number }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    if (busy) return;
    setBusy(true);
    try {
      await downloadExport(
        `/purchase/${id}/subscribers.csv`,
        {},
        'csv',
        () => {},
        new AbortController().signal,
      );
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="secondary" onClick={() => void download()} disabled={busy}>
      <Download aria-hidden="true" />
      {busy ? t.csvLoading : t.csv}
    </Button>
  );
}
