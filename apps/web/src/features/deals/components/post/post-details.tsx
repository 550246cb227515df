import { Check, Clock, TriangleAlert } from 'lucide-react';
import { formatCount } from '@/lib/format';
import { cn } from '@/lib/utils';
import { dateTime, type PostFacts, shortDateTime, termLines } from './post-facts';
import { postTexts as t } from './post-texts';
import { ViewsChart } from './views-chart';

const latestViews = (post: PostFacts) => post.views.at(-1)?.views ?? null;

/** The post's link, opening t.me in a new tab. */
export function PostLink({ link }: { link: string }) {
  return (
    <a href={link} target="_blank" rel="noopener noreferrer" className="break-all font-medium text-link">
      {link}
    </a>
  );
}

/** The agreed terms, one line each, kept in green, broken in red, running in grey. */
export function TermLines({ post }: { post: PostFacts }) {
  const lines = termLines(post);
  if (lines.length === 0) return null;
  return (
    <ul className="flex flex-col gap-1.5 text-sm">
      {lines.map((line) => {
        const Icon = line.state === 'kept' ? Check : line.state === 'broken' ? TriangleAlert : Clock;
        return (
          <li
            key={line.text}
            data-state={line.state}
            className={cn(
              'flex items-start gap-2',
              line.state === 'kept' && 'text-emerald-600 dark:text-emerald-400',
              line.state === 'broken' && 'text-destructive',
              line.state === 'pending' && 'text-muted-foreground',
            )}
          >
            <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span>{line.text}</span>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * What is known of a published post, the same on the deal's card and the public report: when it came out, its
 * views (latest, at 24 and 48 hours), the chart, the terms and when it was last read. `extra` goes after the views
 * (the card's CPM and cost per subscriber).
 */
export function PostDetails({ post, extra }: { post: PostFacts; extra?: Array<[string, string]> }) {
  const latest = latestViews(post);
  const figures: Array<[string, string]> = [];
  if (latest !== null) figures.push([t.views, formatCount(latest)]);
  if (post.views24h !== null) figures.push([t.views24h, formatCount(post.views24h)]);
  if (post.views48h !== null) figures.push([t.views48h, formatCount(post.views48h)]);
  figures.push(...(extra ?? []));
  return (
    <div className="flex flex-col gap-3">
      {post.publishedAt ? <p className="text-sm">{t.published(dateTime(post.publishedAt))}</p> : null}
      {figures.length > 0 ? (
        <dl className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-1.5 text-sm">
          {figures.map(([term, value]) => (
            <div key={term} className="contents">
              <dt className="text-muted-foreground">{term}</dt>
              <dd className="text-right font-medium tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      <div className="flex flex-col gap-1">
        <h3 className="font-medium text-sm">{t.chartTitle}</h3>
        <ViewsChart views={post.views} />
      </div>
      <TermLines post={post} />
      <p className="text-muted-foreground text-sm">
        {post.checkedAt ? t.checked(shortDateTime(post.checkedAt)) : t.notChecked}
      </p>
    </div>
  );
}
