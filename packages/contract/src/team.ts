import { dealNumberRules, hasTooManyDecimals } from './plain/deal.js';
import { EMPTY_FIELD, MAX_NAME_LENGTH } from './plain/fields.js';
import { telegramUsername } from './telegram.js';
import { nullMeansAbsent, referenceId, referenceIdParam, requiredText, text, z } from './zod.js';

const amountRule = dealNumberRules.price;
/** Roubles with kopecks within a deal's price limits: a rate, a payout. */
export const amount = (what: string) =>
  z
    .number({ error: `${what}: укажите число` })
    .max(amountRule.max, amountRule.messages.tooBig)
    .refine((n) => !hasTooManyDecimals(amountRule, n), 'Не больше двух знаков после запятой');

/** A role's rate, read by its salary type: roubles a month, a percent (0-100), roubles per post. */
export const rateField = amount('Ставка').min(0, 'Ставка не может быть отрицательной');

/** Reference lists (roles, salary types, payment method types): short, plain arrays of {id, name}. */
export const referenceItemSchema = z.object({ id: z.number().int(), name: z.string() });
export type ReferenceItem = z.infer<typeof referenceItemSchema>;

/** An employee of the team with what the employee page shows. */
export const employeeDetailSchema = z.object({
  id: z.number().int(),
  employeeId: z.number().int(),
  firstName: z.string(),
  secondName: z.string(),
  iconLink: z.string().nullable(),
  telegramNickName: z.string().nullable(),
  managerId: z.number().int().nullable(),
  version: z.number().int(),
});
export type EmployeeDetail = z.infer<typeof employeeDetailSchema>;

/** A team member in lists: who they are and where they work (channel icons on 'Моя команда'). */
export const teamMemberSchema = z.object({
  id: z.number().int(),
  employeeId: z.number().int(),
  firstName: z.string(),
  secondName: z.string(),
  iconLink: z.string().nullable(),
  channels: z.array(z.object({ id: z.number().int(), name: z.string(), iconLink: z.string().nullable() })),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const employeeTelegramInfo = z.object({
  name: text(120).default(''),
  telegramNickName: telegramUsername.optional(),
});

/** Spec §3 "Employee creation payload": the name split on the first space, the manager is the caller. */
export const employeeCreateSchema = nullMeansAbsent(
  z.object({
    firstName: requiredText(MAX_NAME_LENGTH),
    secondName: text(MAX_NAME_LENGTH).default(''),
    employeeTelegramInfo: employeeTelegramInfo.optional(),
    managerId: z.number().int().positive().optional(),
    channelId: z.number().int().positive().optional(),
  }),
);
export const createdIdSchema = z.object({ id: z.number().int() });

/** Spec §3 "Channel assignment", with the pay terms of the assignment. */
export const assignmentSchema = z.object({
  channelId: z.number().int(),
  channelName: z.string(),
  iconLink: z.string().nullable(),
  employeeChannelRoleId: z.number().int(),
  roleName: z.string(),
  salaryTypeId: z.number().int().nullable(),
  salaryTypeName: z.string().nullable(),
  /** The terms as a number (docs/decisions/026); shown, like `conditions`, to the owner and the person only. */
  rate: z.number().nullable(),
  conditions: z.string(),
});
export type Assignment = z.infer<typeof assignmentSchema>;

export const assignBodySchema = nullMeansAbsent(
  z.object({
    channelId: z.number({ error: EMPTY_FIELD }).int().positive(),
    employeeChannelRoleId: referenceId(),
    salaryTypeId: referenceId().optional(),
    rate: rateField.optional(),
    conditions: text(1000).default(''),
  }),
);
export const unassignBodySchema = nullMeansAbsent(
  z.object({
    channelId: z.number({ error: EMPTY_FIELD }).int().positive(),
    employeeChannelRoleId: referenceId(),
  }),
);

/** Spec §3 "Payment method": requisites of an employee. Credentials are never logged. */
export const paymentMethodSchema = z.object({
  id: z.number().int(),
  employeeId: z.number().int(),
  paymentMethodTypeId: z.number().int(),
  paymentMethodTypeName: z.string(),
  credentials: z.string(),
  description: z.string(),
});
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

const credentials = requiredText(200);
const paymentDescription = text(200).default('');

export const paymentMethodCreateSchema = nullMeansAbsent(
  z.object({
    employeeId: z.number({ error: EMPTY_FIELD }).int().positive(),
    paymentMethodTypeId: referenceId(),
    credentials,
    description: paymentDescription,
  }),
);
export const employeeIdQuery = z.object({
  employeeId: z.coerce.number({ error: 'Некорректный идентификатор' }).int().positive(),
});
export const roleIdQuery = z.object({
  employeeChannelRoleId: referenceIdParam,
});

/**
 * Adding an employee to a channel in one step (spec §2.10 steps 2-3 as one transaction): a new person or a team
 * member, the role, pay terms and requisites. `requestId` makes a repeated press return the first result.
 */
export const channelEmployeeAddSchema = nullMeansAbsent(
  z.object({
    requestId: z.uuid().max(36),
    employee: z.union([
      z.object({ id: z.number().int().positive() }),
      z.object({ name: requiredText(120), telegramNickName: telegramUsername.optional() }),
    ]),
    roleId: referenceId(),
    salaryTypeId: referenceId(),
    rate: rateField.optional(),
    conditions: requiredText(1000),
    paymentMethod: z.object({
      paymentMethodTypeId: referenceId(),
      credentials,
      description: paymentDescription,
    }),
  }),
);
export type ChannelEmployeeAdd = z.input<typeof channelEmployeeAddSchema>;

export const USER_NOT_FOUND = 'Пользователь не найден';
export const EMPLOYEE_NOT_FOUND = 'Сотрудник не найден';
