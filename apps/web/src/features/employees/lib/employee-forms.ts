import { requiredText, z } from '@addesk/contract';
import { EMPTY_FIELD, parseTelegramLink } from '@addesk/contract/plain';
import { parseRate } from './rate';

// The rules of spec §5 for the add-employee flow and the requisites sheet, with the server's own limits and
// messages (the contract's `requiredText`). Imported only by lazy screens: zod stays out of the first-load chunk.

/** An id chosen in a picker; nothing chosen yet is null, and that is 'Поле не должно быть пустым'. */
const chosenId = z
  .number()
  .int()
  .positive()
  .nullable()
  .transform((value, ctx) => {
    if (value === null) {
      ctx.addIssue({ code: 'custom', message: EMPTY_FIELD });
      return z.NEVER;
    }
    return value;
  });

const optionalText = (max: number) => z.string().trim().max(max, `Не длиннее ${max} символов`);

/**
 * Step 2 (create): the name as typed (the server splits it on the first space) and an optional profile link.
 * The link's own problems (an invite link, a malformed name) are judged by the screen with `parseTelegramLink`, so
 * they can be shown at once; this rule only keeps a bad link from going through.
 */
export const newEmployeeFormSchema = z.object({
  name: requiredText(120),
  link: z
    .string()
    .trim()
    .refine((value) => value === '' || parseTelegramLink(value).ok, { message: 'Проверьте ссылку' }),
});
export type NewEmployeeFormValues = z.input<typeof newEmployeeFormSchema>;
export type NewEmployeeForm = z.output<typeof newEmployeeFormSchema>;

/** The requisites: a payment method type and the credentials (both required), an optional note. */
const requisites = {
  paymentMethodTypeId: chosenId,
  credentials: requiredText(200),
  description: optionalText(200),
};

/** The rate of the role's terms (docs/decisions/026): optional, a number with at most two decimals, 0-100 for a percent. */
const rate = z
  .string()
  .trim()
  .max(20)
  .refine((value) => !Number.isNaN(parseRate(value) ?? 0), 'Ставка — число, например 10 или 30 000')
  .transform((value) => parseRate(value));

/** Step 3 (employee card, spec §5): role, salary type, conditions and requisites, each required but the note. */
export const employeeCardFormSchema = z.object({
  roleId: chosenId,
  salaryTypeId: chosenId,
  rate,
  conditions: requiredText(1000),
  ...requisites,
});
export type EmployeeCardFormValues = z.input<typeof employeeCardFormSchema>;
export type EmployeeCardForm = z.output<typeof employeeCardFormSchema>;

export const emptyEmployeeCard: EmployeeCardFormValues = {
  roleId: null,
  salaryTypeId: null,
  rate: '',
  conditions: '',
  paymentMethodTypeId: null,
  credentials: '',
  description: '',
};

/** 'Добавить роль' on the employee page: a channel, a role with its salary type, and the conditions. */
export const roleOnChannelFormSchema = z.object({
  channelId: chosenId,
  roleId: chosenId,
  salaryTypeId: chosenId,
  rate,
  conditions: requiredText(1000),
});
export type RoleOnChannelFormValues = z.input<typeof roleOnChannelFormSchema>;
export type RoleOnChannelForm = z.output<typeof roleOnChannelFormSchema>;

/** 'Изменить имя' on the employee page: the contract's rule for names (`employeeNameUpdateSchema`). */
export const employeeNameFormSchema = z.object({
  firstName: requiredText(60),
  secondName: optionalText(60),
});
export type EmployeeNameFormValues = z.input<typeof employeeNameFormSchema>;
export type EmployeeNameForm = z.output<typeof employeeNameFormSchema>;

/** The requisites sheet of the employee page. */
export const paymentMethodFormSchema = z.object(requisites);
export type PaymentMethodFormValues = z.input<typeof paymentMethodFormSchema>;
export type PaymentMethodForm = z.output<typeof paymentMethodFormSchema>;

/**
 * Where a server's field error goes on the card: the add call names fields by its body
 * (`paymentMethod.credentials`, `roleId`); the rest has no field on this screen.
 */
export const cardFieldOfServerField: Record<string, keyof EmployeeCardFormValues> = {
  roleId: 'roleId',
  salaryTypeId: 'salaryTypeId',
  conditions: 'conditions',
  'paymentMethod.paymentMethodTypeId': 'paymentMethodTypeId',
  'paymentMethod.credentials': 'credentials',
  'paymentMethod.description': 'description',
};
