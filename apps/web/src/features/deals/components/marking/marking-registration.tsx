import type { DealMarking } from '@addesk/contract';
import type { DealKind } from '@addesk/contract/plain';
import { Link } from '@tanstack/react-router';
import { LoaderCircle, Send } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useCurrentUser } from '@/features/auth';
import { errorMessage } from '@/lib/notify';
import { useRegisterMarking } from '../../api/register-marking';
import { markingTexts as t } from './marking-texts';

/** The server's 400 when the team has no ОРД key ('Сначала добавьте ключ API ОРД в настройках'). */
const NO_KEY = /ключ API ОРД/i;

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

  return (
    <div className="flex flex-col gap-2">
      {status === 'queued' ? (
        <p role="status" className="flex items-center gap-2 text-sm">
          <LoaderCircle aria-hidden="true" className="size-5 shrink-0 animate-spin text-muted-foreground" />
          {t.registrationQueued}
        </p>
      ) : status === 'failed' ? (
        <div className="flex flex-col gap-2">
          <p role="alert" className="text-destructive text-sm">
            {t.registrationFailed(marking.registration?.message ?? t.registrationNoReason)}
          </p>
          {editable ? (
            <Button
              variant="secondary"
              className="self-start"
              disabled={registering}
              onClick={() => register.mutate()}
            >
              {registering ? t.registering : t.retry}
            </Button>
          ) : null}
        </div>
      ) : editable && !marking.erid ? (
        <Button
          className="self-start"
          disabled={marking.state !== 'ready' || registering}
          onClick={() => register.mutate()}
        >
          <Send aria-hidden="true" />
          {registering ? t.registering : t.register}
        </Button>
      ) : null}
      {problem ? (
        <p role="alert" className="text-destructive text-sm">
          {problem}
          {owner && NO_KEY.test(problem) ? (
            <>
              {' '}
              <Link
                to="/profile/settings/ord"
                className="inline-flex min-h-11 items-center font-medium text-link underline underline-offset-4"
              >
                {t.ordSettings}
              </Link>
            </>
          ) : null}
        </p>
      ) : null}
    </div>
  );
}
