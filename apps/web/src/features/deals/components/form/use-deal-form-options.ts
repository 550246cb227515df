import { type DealKind, dealVocabulary } from '@addesk/contract/plain';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { type UseFormReturn, useWatch } from 'react-hook-form';
import { channelsQueryOptions } from '@/features/channels';
import { teamPagesQueryOptions } from '@/features/employees';
import { useAdvertisementFormats } from '../../api/get-advertisement-formats';
import { useAdvertisementTypes } from '../../api/get-advertisement-types';
import { useDealStatuses } from '../../api/get-statuses';
import { useDealAccess } from '../../lib/deal-access';
import type { DealFormMode, DealFormValues } from './deal-form-values';

/** Channels and people the pickers offer at once (the API's page limit). */
const OPTIONS_LIMIT = 200;

/**
 * What the deal form's pickers offer: the channels the person may record a deal on, the team, the kind's formats,
 * ad types and statuses. Asked for only when something may be chosen; in view mode the deal names its values.
 */
export function useDealFormOptions(kind: DealKind, mode: DealFormMode, form: UseFormReturn<DealFormValues>) {
  const { hasAdvertisementType } = dealVocabulary[kind];
  const editable = mode !== 'view';
  const channels = useQuery({ ...channelsQueryOptions({ limit: OPTIONS_LIMIT }), enabled: editable });
  const team = useInfiniteQuery({ ...teamPagesQueryOptions(OPTIONS_LIMIT), enabled: editable });
  const formats = useAdvertisementFormats(kind, { enabled: editable });
  const types = useAdvertisementTypes({ enabled: editable && hasAdvertisementType });
  const statuses = useDealStatuses(kind, { enabled: editable });

  // A new deal starts in its kind's first status, 'Новая' (decisions D2 for purchases, issue 33 for sales).
  const { control, resetField } = form;
  const statusId = useWatch({ control, name: 'statusId' });
  const firstStatus = statuses.data?.[0]?.id;
  useEffect(() => {
    // As the default, not as a change: a form the user has not touched leaves without a question.
    if (mode === 'new' && statusId === null && firstStatus !== undefined) {
      resetField('statusId', { defaultValue: firstStatus });
    }
  }, [mode, statusId, firstStatus, resetField]);

  // A new or moved deal goes only where the person's role lets them record one (docs/decisions/024).
  const { createOn } = useDealAccess(kind);
  const channelOptions = channels.data?.items
    .filter((channel) => createOn === null || createOn.includes(channel.id))
    .map((channel) => ({
      id: channel.id,
      name: channel.name,
      hint: `@${channel.telegramNickName}`,
      iconLink: channel.iconLink,
    }));
  const managerOptions = team.data?.pages
    .flatMap((page) => page.items)
    .map((member) => ({
      id: member.id,
      name: `${member.firstName} ${member.secondName}`.trim(),
      iconLink: member.iconLink,
    }));

  return { channels, team, formats, types, statuses, channelOptions, managerOptions };
}
