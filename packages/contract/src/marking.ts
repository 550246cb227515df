// Ad marking (issue 35, decisions D6): the legal details of a party and the checks of a post's text.

import { ordWorkSchema } from './ord.js';
import {
  contractSubjects,
  contractTypes,
  creativeForms,
  innProblem,
  isKpp,
  KPP_MESSAGE,
  legalTypes,
  markingRegistrars,
  markingStates,
} from './plain/legal.js';
import { amount } from './team.js';
import { day, nullMeansAbsent, requiredText, text, webLink, z } from './zod.js';

/**
 * A party's legal details (`PUT /api/team/legal`, later a deal's advertiser): its type as VK ОРД names it, its name as
 * registered, its ИНН checked by length and check digits for the type, and a company's КПП.
 */
export const legalDetailsSchema = nullMeansAbsent(
  z.object({
    type: z.enum(legalTypes, { error: 'Выберите: юрлицо, ИП или физлицо' }),
    name: requiredText(300),
    inn: text(12, 'ИНН: 10 цифр у юрлица, 12 — у ИП и физлица'),
    kpp: text(9, KPP_MESSAGE).optional(),
  }),
).superRefine((details, context) => {
  const problem = innProblem(details.inn, details.type);
  if (problem) context.addIssue({ code: 'custom', path: ['inn'], message: problem });
  if (details.type === 'juridical') {
    if (!details.kpp)
      context.addIssue({ code: 'custom', path: ['kpp'], message: 'КПП: обязателен для юрлица' });
    else if (!isKpp(details.kpp)) context.addIssue({ code: 'custom', path: ['kpp'], message: KPP_MESSAGE });
  }
});
export type LegalDetails = z.output<typeof legalDetailsSchema>;

/** `GET /api/team/legal`: the team's details, or null until the owner fills them. */
export const teamLegalSchema = z
  .object({
    type: z.enum(legalTypes),
    name: z.string(),
    inn: z.string(),
    kpp: z.string().nullable(),
  })
  .nullable();
export type TeamLegal = z.infer<typeof teamLegalSchema>;

/** `POST /api/marking/check`: a post's text and what it should carry. */
export const markingCheckBody = nullMeansAbsent(
  z.object({
    text: text(10_000).min(1, 'Вставьте текст поста'),
    erid: text(100).optional(),
    advertiserName: text(300).optional(),
    advertiserInn: text(12).optional(),
  }),
);
export const markingChecksSchema = z.object({
  checks: z.array(
    z.object({
      code: z.enum(['label', 'erid', 'advertiser', 'links']),
      ok: z.boolean(),
      message: z.string(),
    }),
  ),
});

/** A party as a deal's marking names it: the fields may come one at a time (the ИНН is checked once it is there). */
const partySchema = z.object({
  type: z.enum(legalTypes, { error: 'Выберите: юрлицо, ИП или физлицо' }).optional(),
  name: text(300).optional(),
  inn: text(12, 'ИНН: 10 цифр у юрлица, 12 — у ИП и физлица').optional(),
});

/** `PUT /api/{sale|purchase}/{id}/marking`: what is known of the deal's marking so far (decisions D6). */
export const dealMarkingBody = nullMeansAbsent(
  z.object({
    registeredBy: z.enum(markingRegistrars, { error: 'Кто регистрирует: мы, контрагент или не требуется' }),
    reason: text(500).optional(),
    erid: text(100)
      .regex(/^[A-Za-z0-9]+$/, 'erid: латинские буквы и цифры, как его выдал ОРД')
      .optional(),
    advertiser: partySchema.optional(),
    /** A purchase's seller, the other party of our contract (a sale's is the team itself). */
    seller: partySchema.optional(),
    contract: z
      .object({
        number: text(100).optional(),
        date: day('Некорректная дата договора').optional(),
        type: z.enum(contractTypes, { error: 'Выберите тип договора' }).optional(),
        subject: z.enum(contractSubjects, { error: 'Выберите предмет договора' }).optional(),
        amount: amount('Сумма договора').min(0, 'Сумма договора не может быть отрицательной').optional(),
        vatIncluded: z.boolean().optional(),
      })
      .optional(),
    creative: z
      .object({
        form: z.enum(creativeForms, { error: 'Выберите форму креатива' }).optional(),
        text: text(10_000).optional(),
        urls: z.array(webLink()).max(20, 'Не больше 20 ссылок').optional(),
        kktu: text(20)
          .regex(/^\d{1,2}(\.\d{1,2}){0,2}$/, 'ККТУ: код вида 30.10.1')
          .optional(),
      })
      .optional(),
  }),
).superRefine((marking, context) => {
  for (const role of ['advertiser', 'seller'] as const) {
    const inn = marking[role]?.inn;
    if (!inn) continue;
    // Without a type the length says which: 10 digits a company's, 12 a person's.
    const problem = innProblem(inn, marking[role]?.type ?? (inn.length === 10 ? 'juridical' : 'ip'));
    if (problem) context.addIssue({ code: 'custom', path: [role, 'inn'], message: problem });
  }
});
export type DealMarkingInput = z.output<typeof dealMarkingBody>;

const party = z.object({
  type: z.enum(legalTypes).nullable(),
  name: z.string().nullable(),
  inn: z.string().nullable(),
});

/** `GET /api/{sale|purchase}/{id}/marking`: the data, where it stands, what is missing and the text to paste. */
export const dealMarkingSchema = z.object({
  registeredBy: z.enum(markingRegistrars).nullable(),
  reason: z.string().nullable(),
  erid: z.string().nullable(),
  advertiser: party,
  seller: party,
  contract: z.object({
    number: z.string().nullable(),
    date: z.string().nullable(),
    type: z.enum(contractTypes).nullable(),
    subject: z.enum(contractSubjects).nullable(),
    amount: z.number().nullable(),
    vatIncluded: z.boolean(),
  }),
  creative: z.object({
    form: z.enum(creativeForms).nullable(),
    text: z.string().nullable(),
    urls: z.array(z.string()),
    kktu: z.string().nullable(),
  }),
  state: z.enum(markingStates),
  /** What is missing, in plain Russian, each naming its field. */
  missing: z.array(z.string()),
  /** The text to paste into the post ('Реклама. ООО «…», ИНН …. erid: …'), once an erid exists. */
  marker: z.string().nullable(),
  /** The creative's links with `?erid=`, once an erid exists. */
  links: z.array(z.string()),
  erirStatus: z.string().nullable(),
  /** The registration with the team's ОРД (`…/marking/register`), once asked for. */
  registration: ordWorkSchema.nullable(),
});
export type DealMarking = z.infer<typeof dealMarkingSchema>;
