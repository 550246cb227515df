import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/notify';
import { publicReportQueryOptions } from '../../api/post';
import { PostDetails, PostLink } from './post-details';
import { postTexts as t } from './post-texts';

/**
 * /r/{token} (issue 36): one placement for the other side, without a session and without the app's shell: the
 * channel, the post's link, when it came out, its views and whether the agreed terms were kept. A revoked or unknown
 * link says so.
 */
export function PublicReportScreen({ token }: { token: string }) {
  const report = useQuery(publicReportQueryOptions(token));

  useEffect(() => {
    const before = document.title;
    document.title = t.reportTitle;
    return () => {
      document.title = before;
    };
  }, []);

  let body: React.ReactNode;
  if (report.isPending) body = <Spinner className="py-8" />;
  else if (report.isError) {
    const gone = isApiError(report.error) && (report.error.status === 404 || report.error.status === 400);
    body = (
      <div className="flex flex-col items-center gap-4 py-8 text-center">
        <p role="alert" className="font-semibold text-lg">
          {gone ? t.reportGone : errorMessage(report.error)}
        </p>
        {gone ? null : (
          <Button variant="secondary" onClick={() => void report.refetch()}>
            {t.retry}
          </Button>
        )}
      </div>
    );
  } else {
    const { channel, link } = report.data;
    body = (
      <div className="flex flex-col gap-4 rounded-xl border bg-card p-4 text-card-foreground">
        <div className="flex flex-col gap-0.5">
          <h2 className="font-semibold text-lg">{channel.name}</h2>
          {channel.username ? <p className="text-muted-foreground">@{channel.username}</p> : null}
        </div>
        {link ? <PostLink link={link} /> : <p className="text-muted-foreground">{t.noLink}</p>}
        <PostDetails post={report.data} />
      </div>
    );
  }

  return (
    <main className="flex flex-1 flex-col gap-4 px-4 pt-6 pb-[max(1.5rem,var(--spacing-safe-bottom))]">
      <h1 className="font-semibold text-xl">{t.reportTitle}</h1>
      {body}
    </main>
  );
}
