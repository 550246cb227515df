import type { EmployeeDetail, ReferenceItem, TeamMember } from '@addesk/contract';
import { channel, countedPage, demoUser, type FakeHandler, installFakeApi } from './fake-api';

// A team for the team screens' tests: the signed-in master (demoUser, id 7) and four employees.

export const news = { ...channel(5, 'Новости Москвы'), telegramNickName: 'moscow_news' };

const channelRef = (id: number, name: string) => ({ id, name, iconLink: null });

export function teamMember(
  id: number,
  firstName: string,
  secondName: string,
  channels: Array<{ id: number; name: string; iconLink: string | null }> = [],
) {
  return { id, employeeId: id, firstName, secondName, iconLink: null, channels } satisfies TeamMember;
}

export const me = teamMember(demoUser.id, demoUser.firstName, demoUser.secondName);
export const maria = teamMember(11, 'Мария', 'Ковалёва', [channelRef(5, 'Новости Москвы')]);
export const dmitry = teamMember(12, 'Дмитрий', 'Орлов', [
  channelRef(1, 'Бизнес'),
  channelRef(2, 'Путешествия'),
]);
export const anna = teamMember(13, 'Анна', 'Белова');
/** Works on 7 channels: 5 icons and '+2'. */
export const petr = teamMember(
  14,
  'Пётр',
  'Иванов',
  Array.from({ length: 7 }, (_, i) => channelRef(100 + i, `Канал ${i + 1}`)),
);

export function employeeDetail(
  member: { id: number; firstName: string; secondName: string },
  telegramNickName: string | null = null,
) {
  return {
    id: member.id,
    employeeId: member.id,
    firstName: member.firstName,
    secondName: member.secondName,
    iconLink: null,
    telegramNickName,
    managerId: demoUser.id,
    version: 1,
  } satisfies EmployeeDetail;
}

export const roles = [
  { id: 1, name: 'Администратор' },
  { id: 2, name: 'Менеджер по продажам' },
  { id: 3, name: 'Менеджер по закупкам' },
  { id: 4, name: 'Контент-менеджер' },
] satisfies ReferenceItem[];

/** As the reference migration has them: each role's own type first. */
export const salaryTypesByRole: Record<string, ReferenceItem[]> = {
  '1': [{ id: 1, name: 'Фиксированный оклад' }],
  '2': [
    { id: 2, name: 'Процент от продаж' },
    { id: 1, name: 'Фиксированный оклад' },
  ],
  '3': [
    { id: 3, name: 'Процент от закупок' },
    { id: 1, name: 'Фиксированный оклад' },
  ],
  '4': [
    { id: 4, name: 'Оплата за пост' },
    { id: 1, name: 'Фиксированный оклад' },
  ],
};

export const paymentMethodTypes = [
  { id: 1, name: 'Банковская карта' },
  { id: 2, name: 'СБП' },
  { id: 3, name: 'ЮMoney' },
  { id: 4, name: 'Криптовалюта (USDT)' },
  { id: 5, name: 'Наличные' },
] satisfies ReferenceItem[];

export const notFound = (message: string) => ({ status: 404, body: { code: 'NOT_FOUND', message } });

/** The reference lists and the signed-in user: what every team screen needs. */
export function teamApi(overrides: Record<string, FakeHandler> = {}) {
  return installFakeApi({
    'GET /api/employee': { body: demoUser },
    'GET /api/employee/all': { body: countedPage([me, maria, dmitry, anna, petr]) },
    'GET /api/employeeChannelRole/all': { body: roles },
    'GET /api/salary/type/forChannelRole': (request) => ({
      body: salaryTypesByRole[request.query.get('employeeChannelRoleId') ?? ''] ?? [],
    }),
    'GET /api/paymentMethodType/all': { body: paymentMethodTypes },
    'GET /api/channel/5': { body: news },
    'GET /api/channel/5/employees': {
      body: [{ employeeId: maria.id, employeeName: 'Мария Ковалёва', iconLink: null }],
    },
    'GET /api/employee/7/subordinates': { body: countedPage([]) },
    ...overrides,
  });
}
