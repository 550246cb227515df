import { createFileRoute } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';

// The public report of a placement (issue 36): outside the signed-in layout, no session and none of the shell's calls.
// The screen is imported from this route's own chunk, so the first-load entry names no more than this chunk.
const PublicReportScreen = lazy(() =>
  import('@/features/deals/components/post/public-report-screen').then(({ PublicReportScreen }) => ({
    default: PublicReportScreen,
  })),
);

export const Route = createFileRoute('/r/$token')({
  component: PublicReport,
});

function PublicReport() {
  const { token } = Route.useParams();
  return (
    <Suspense fallback={null}>
      <PublicReportScreen token={token} />
    </Suspense>
  );
}
