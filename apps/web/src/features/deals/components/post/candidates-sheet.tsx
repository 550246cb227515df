import { Button } from '@/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '@/components/ui/sheet';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/notify';
import { usePostCandidates } from '../../api/post';
import { shortDateTime } from './post-facts';
import { postTexts as t } from './post-texts';

export type CandidatesSheetProps = {
  id: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The link is being saved: the choices wait. */
  pending: boolean;
  onPick: (link: string) => void;
};

const firstLine = (text: string) =>
  text
    .split('\n')
    .find((line) => line.trim() !== '')
    ?.trim() ?? '';

/** 'Выбрать пост' of a sale: our channel's posts the bot saw near the placement, its time and first line each. */
export function CandidatesSheet({ id, open, onOpenChange, pending, onPick }: CandidatesSheetProps) {
  const candidates = usePostCandidates(id, open);
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent>
        <SheetHeader>
          <SheetTitle>{t.pickTitle}</SheetTitle>
          <SheetDescription>{t.pickHint}</SheetDescription>
        </SheetHeader>
        <div className="flex max-h-[60dvh] flex-col gap-2 overflow-y-auto px-5 pb-6">
          {candidates.isPending ? (
            <Spinner className="py-4" />
          ) : candidates.isError ? (
            <div className="flex flex-col items-start gap-2">
              <p role="alert" className="text-sm">
                {errorMessage(candidates.error)}
              </p>
              <Button variant="secondary" size="sm" onClick={() => void candidates.refetch()}>
                {t.retry}
              </Button>
            </div>
          ) : candidates.data.length === 0 ? (
            <p className="text-muted-foreground">{t.noCandidates}</p>
          ) : (
            <ul className="flex flex-col gap-2">
              {candidates.data.map((candidate) => (
                <li key={candidate.link}>
                  <button
                    type="button"
                    disabled={pending}
                    onClick={() => onPick(candidate.link)}
                    className="flex min-h-12 w-full flex-col items-start gap-0.5 rounded-lg border bg-card px-3 py-2 text-left disabled:opacity-60"
                  >
                    <span className="text-muted-foreground text-sm tabular-nums">
                      {shortDateTime(candidate.publishedAt)}
                    </span>
                    <span className="line-clamp-2 break-words">{firstLine(candidate.text)}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      </SheetContent>
    </Sheet>
  );
}
