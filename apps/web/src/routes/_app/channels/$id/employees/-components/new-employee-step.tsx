import { ScreenHeader } from '@/components/ui/screen-header';
import { NewPersonForm } from '@/features/employees/components/new-person-form';
import type { NewPerson } from '@/features/employees/lib/add-employee-draft';

/**
 * Step 2 (spec §2.10): the new person of a channel's flow. 'Продолжить' keeps the person in the flow's draft and opens
 * the card; it makes no call (decision 005: nothing is written before the card).
 */
export function NewEmployeeStep({
  channelId,
  initial,
  onChange,
  onContinue,
}: {
  channelId: string;
  initial: NewPerson | undefined;
  onChange: (typed: NewPerson) => void;
  onContinue: (person: NewPerson) => void;
}) {
  return (
    <>
      <ScreenHeader
        title="Новый сотрудник"
        back={{ to: '/channels/$id/employees/add', params: { id: channelId } }}
      />
      <NewPersonForm
        initial={initial}
        onChange={onChange}
        submitLabel="Продолжить"
        pending={false}
        onSubmit={onContinue}
      />
    </>
  );
}
