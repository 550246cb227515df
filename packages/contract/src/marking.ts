// Ad marking (issue 35, decisions D6): the legal details of a party and the checks of a post's text.
import { innProblem, isKpp, KPP_MESSAGE, legalTypes } from './plain/legal.js';
import { nullMeansAbsent, requiredText, text, z } from './zod.js';

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
