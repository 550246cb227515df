import { createFileRoute } from '@tanstack/react-router';
import { PublicReportScreen } from '@/features/deals/components/post/public-report-screen';

// The public report of a placement (issue 36): outside the signed-in layout, no session and none of the shell's calls.
export const Route = createFileRoute('/r/$token')({
  component: PublicReport,
});

function PublicReport() {
  const { token } = Route.useParams();
  return <PublicReportScreen token={token} />;
}
