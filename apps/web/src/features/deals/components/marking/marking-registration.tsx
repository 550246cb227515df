import type { DealMarking } from '@addesk/contract';
import type { DealKind } from '@addesk/contract/plain';
import { Link } from '@tanstack/react-router';
import { LoaderCircle, Send } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useCurrentUser } from '@/features/auth';
import { errorMessage } from '@/lib/notify';
import { useRegisterMarking } from '../../api/register-marking';
import { markingTexts as t } from './marking-texts';

/**
 * A refusal about the team's ОРД key: the server's 400 when there is none ('Сначала добавьте ключ API ОРД в
 * настройках') or the ОРД's refusal of it ('ОРД не принял ключ API — проверьте его в настройках').
 */
const ABOUT_KEY = /ключ API/i;

/**
 * The deal's registration with the team's ОРД (issue 35), when we register the ad: 'Зарегистрировать в ОРД' while
 * there is no erid (enabled once the marking is ready), then where the registration stands: queued (the card polls
 * the marking meanwhile), failed with the ОРД's reason and 'Повторить', or done, when the erid and the marker show.
 */
export function MarkingRegistration({
  kind,
  id,
  marking,
  editable,
}: {
  kind: DealKind;
  id: number;
  marking: DealMarking;
  editable: boolean;
}) {
  const register = useRegisterMarking(kind, id);
  const owner = useCurrentUser().data?.permissions.owner === true;
  const status = marking.registration?.status;
  const registering = register.isPending;
  const problem = register.isError ? errorMessage(register.error) : undefined;
  const failure =
    status === 'failed'
      ? t.registrationFailed(marking.registration?.message ?? t.registrationNoReason)
      : undefined;
  const offered = editable && !marking.erid && status !== 'queued' && status !== 'failed';
  // The key is the owner's to fix: the way to its screen goes with a message about it.
  const settingsLink = owner && ABOUT_KEY.test(`${problem ?? ''} ${failure ?? ''}`);
  if (status !== 'queued' && !failure && !offered && !problem) return null;

  return (
    <div className="flex flex-col items-start gap-2">
      {status === 'queued' ? (
        <div role="status" className="flex items-start gap-2 text-sm">
          <LoaderCircle aria-hidden="true" className="size-5 shrink-0 animate-spin text-muted-foreground" />
          <p className="flex flex-col gap-1">
            <span>{t.registrationQueued}</span>
            {/* A retry after the ОРД did not answer says so ('ОРД не отвечает, попробуем ещё раз'). */}
            {marking.registration?.message ? (
              <span className="text-muted-foreground">{marking.registration.message}</span>
            ) : null}
          </p>
        </div>
      ) : null}
      {failure ? (
        <p role="alert" className="text-destructive text-sm">
          {failure}
        </p>
      ) : null}
      {failure && editable ? (
        <Button variant="secondary" disabled={registering} onClick={() => register.mutate()}>
          {registering ? t.registering : t.retry}
        </Button>
      ) : null}
      {offered ? (
        <Button disabled={marking.state !== 'ready' || registering} onClick={() => register.mutate()}>
          <Send aria-hidden="true" />
          {registering ? t.registering : t.register}
        </Button>
      ) : null}
      {problem ? (
        <p role="alert" className="text-destructive text-sm">
          {problem}
        </p>
      ) : null}
      {settingsLink ? (
        <Link
          to="/profile/settings/ord"
          className="flex min-h-11 items-center font-medium text-link underline underline-offset-4"
        >
          {t.ordSettings}
        </Link>
      ) : null}
    </div>
  );
}
