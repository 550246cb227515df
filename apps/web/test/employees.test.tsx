import type { Assignment } from '@addesk/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { channel, countedPage, employee, type FakeHandler } from './fake-api';
import { renderApp } from './render-app';
import { anna, dmitry, employeeDetail, maria, me, news, notFound, teamApi } from './team-api';

/** Whole flows typed key by key: room for a busy machine (the default is 5 s). */
const FLOW_TIMEOUT_MS = 20_000;

const EMPTY = 'Поле не должно быть пустым';

const mariaAssignments = [
  {
    channelId: 5,
    channelName: 'Новости Москвы',
    iconLink: null,
    employeeChannelRoleId: 2,
    roleName: 'Менеджер по продажам',
    salaryTypeId: 2,
    salaryTypeName: 'Процент от продаж',
    conditions: '10% от каждой продажи, выплата по пятницам',
  },
  {
    channelId: 5,
    channelName: 'Новости Москвы',
    iconLink: null,
    employeeChannelRoleId: 4,
    roleName: 'Контент-менеджер',
    salaryTypeId: 4,
    salaryTypeName: 'Оплата за пост',
    conditions: '500 руб за пост',
  },
  {
    channelId: 8,
    channelName: 'IT-вакансии',
    iconLink: null,
    employeeChannelRoleId: 2,
    roleName: 'Менеджер по продажам',
    salaryTypeId: 1,
    salaryTypeName: 'Фиксированный оклад',
    conditions: '30 000 руб в месяц',
  },
];

const sbp = {
  id: 31,
  employeeId: maria.id,
  paymentMethodTypeId: 2,
  paymentMethodTypeName: 'СБП',
  credentials: '+7 900 123-45-67',
  description: 'Сбербанк',
};

function employeeApi(overrides: Record<string, FakeHandler> = {}) {
  return teamApi({
    'GET /api/employee/11': { body: employeeDetail(maria, 'maria_kovaleva') },
    'GET /api/employee/11/assignedChannels': { body: mariaAssignments },
    'GET /api/employee/11/paymentMethods': { body: [sbp] },
    'GET /api/employee/11/subordinates': {
      body: countedPage([employee(21, 'Олег', 'Сидоров')]),
    },
    ...overrides,
  });
}

describe('/employees', { timeout: FLOW_TIMEOUT_MS }, () => {
  it('lists the team (without the user) with their channels, each opening the employee page', async () => {
    teamApi();
    renderApp('/employees');

    const list = await screen.findByRole('list', { name: 'Команда' });
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/employees/11',
      '/employees/12',
      '/employees/13',
      '/employees/14',
    ]);
    expect(within(list).queryByText(`${me.firstName} ${me.secondName}`)).not.toBeInTheDocument();
    expect(screen.getByText('4 сотрудника')).toBeInTheDocument();
    expect(within(links[0] as HTMLElement).getByRole('img', { name: 'Новости Москвы' })).toBeInTheDocument();
    expect(within(links[3] as HTMLElement).getAllByRole('img')).toHaveLength(5);
    expect(within(links[3] as HTMLElement).getByText('+2')).toBeInTheDocument();
    expect(links[2]).toHaveTextContent('Пока ни на одном канале');
    expect(screen.getByRole('link', { name: 'Назад' })).toHaveAttribute('href', '/dashboard');
  });

  it("says when there is nobody in the team yet, offering 'Добавить сотрудника' there and in the header", async () => {
    teamApi({ 'GET /api/employee/all': { body: countedPage([me]) } });
    renderApp('/employees');
    expect(await screen.findByText(/В команде пока нет сотрудников/)).toBeInTheDocument();
    const adds = screen.getAllByRole('link', { name: 'Добавить сотрудника' });
    expect(adds).toHaveLength(2);
    for (const add of adds) expect(add).toHaveAttribute('href', '/employees/add');
  });

  it("pages through a long team with 'Показать ещё'", async () => {
    const everyone = [
      me,
      ...Array.from({ length: 59 }, (_, i) => ({ ...anna, id: 100 + i, employeeId: 100 + i })),
    ];
    const { requests } = teamApi({
      'GET /api/employee/all': (request) => {
        const limit = Number(request.query.get('limit'));
        const start = Number(request.query.get('cursor') ?? 0);
        const next = start + limit < everyone.length ? String(start + limit) : null;
        return {
          body: { items: everyone.slice(start, start + limit), nextCursor: next, total: everyone.length },
        };
      },
    });
    const { user } = renderApp('/employees');
    const list = await screen.findByRole('list', { name: 'Команда' });
    expect(within(list).getAllByRole('link')).toHaveLength(49);
    expect(screen.getByText('59 сотрудников')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Показать ещё' }));
    await waitFor(() => expect(within(list).getAllByRole('link')).toHaveLength(59));
    expect(requests.filter((r) => r.path === '/api/employee/all').map((r) => r.query.get('cursor'))).toEqual([
      null,
      '50',
    ]);
  });

  it('offers a retry when the team fails to load', async () => {
    let fail = true;
    teamApi({
      'GET /api/employee/all': () =>
        fail
          ? { status: 500, body: { code: 'INTERNAL', message: 'Сервер недоступен' } }
          : { body: countedPage([me, dmitry]) },
    });
    const { user } = renderApp('/employees');
    expect(await screen.findByRole('alert')).toHaveTextContent('Сервер недоступен');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByRole('link', { name: /Дмитрий Орлов/ })).toBeInTheDocument();
  });
});

describe('/employees/{id}', { timeout: FLOW_TIMEOUT_MS }, () => {
  it('shows the name, the Telegram link, the channels with roles and pay terms, requisites and subordinates', async () => {
    employeeApi();
    renderApp('/employees/11');

    expect(await screen.findByRole('heading', { level: 2, name: 'Мария Ковалёва' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /@maria_kovaleva/ })).toHaveAttribute(
      'href',
      'https://t.me/maria_kovaleva',
    );

    const channels = screen.getByRole('region', { name: 'Каналы и роли' });
    expect(await within(channels).findByRole('link', { name: 'Новости Москвы' })).toHaveAttribute(
      'href',
      '/channels/5',
    );
    expect(within(channels).getByRole('link', { name: 'IT-вакансии' })).toHaveAttribute(
      'href',
      '/channels/8',
    );
    // Two roles on one channel: the channel is listed once.
    expect(within(channels).getAllByRole('link')).toHaveLength(2);
    expect(channels).toHaveTextContent('Менеджер по продажам');
    expect(channels).toHaveTextContent('Процент от продаж');
    expect(channels).toHaveTextContent('10% от каждой продажи, выплата по пятницам');
    expect(channels).toHaveTextContent('Контент-менеджер');
    expect(channels).toHaveTextContent('500 руб за пост');
    expect(within(channels).getAllByRole('button', { name: /^Снять с канала/ })).toHaveLength(3);

    const requisites = screen.getByRole('region', { name: 'Реквизиты' });
    expect(await within(requisites).findByText('+7 900 123-45-67')).toBeInTheDocument();
    expect(requisites).toHaveTextContent('СБП');
    expect(requisites).toHaveTextContent('Сбербанк');

    const subordinates = screen.getByRole('region', { name: 'Подчинённые' });
    expect(await within(subordinates).findByRole('link', { name: 'Олег Сидоров' })).toHaveAttribute(
      'href',
      '/employees/21',
    );
    expect(screen.getByRole('link', { name: 'Назад' })).toHaveAttribute('href', '/employees');
  });

  it('says what is empty', async () => {
    employeeApi({
      'GET /api/employee/11': { body: employeeDetail(maria) },
      'GET /api/employee/11/assignedChannels': { body: [] },
      'GET /api/employee/11/paymentMethods': { body: [] },
      'GET /api/employee/11/subordinates': { body: countedPage([]) },
    });
    renderApp('/employees/11');
    expect(await screen.findByText('Telegram не указан')).toBeInTheDocument();
    expect(await screen.findByText('Сотрудник пока не работает ни на одном канале')).toBeInTheDocument();
    expect(await screen.findByText('Реквизиты не указаны')).toBeInTheDocument();
    expect(await screen.findByText('Подчинённых нет')).toBeInTheDocument();
  });

  it('takes the employee off a channel after a confirmation, and refreshes the team', async () => {
    let assignments = mariaAssignments;
    const team = [me, maria];
    const { requests } = employeeApi({
      'GET /api/employee/11/assignedChannels': () => ({ body: assignments }),
      'GET /api/employee/all': () => ({ body: countedPage(team) }),
      'POST /api/employee/11/removeAssignmentOnChannel': () => {
        assignments = mariaAssignments.filter((a) => a.channelId !== 8);
        team[1] = { ...maria, channels: [] };
        return { body: assignments };
      },
    });
    const { user, router } = renderApp('/employees');
    const list = await screen.findByRole('list', { name: 'Команда' });
    expect(within(list).getByRole('img', { name: 'Новости Москвы' })).toBeInTheDocument();
    await user.click(within(list).getByRole('link', { name: /Мария Ковалёва/ }));

    const channels = await screen.findByRole('region', { name: 'Каналы и роли' });
    await user.click(
      await within(channels).findByRole('button', {
        name: 'Снять с канала «IT-вакансии» (роль «Менеджер по продажам»)',
      }),
    );
    const sheet = await screen.findByRole('dialog', { name: 'Снять с канала?' });
    expect(sheet).toHaveTextContent(
      'Мария Ковалёва больше не будет работать на канале «IT-вакансии» в роли «Менеджер по продажам».',
    );
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
    await user.click(within(sheet).getByRole('button', { name: 'Да, снять' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const post = requests.find((r) => r.method === 'POST');
    expect(post?.path).toBe('/api/employee/11/removeAssignmentOnChannel');
    expect(post?.body).toEqual({ channelId: 8, employeeChannelRoleId: 2 });
    await waitFor(() => expect(within(channels).queryByText('IT-вакансии')).not.toBeInTheDocument());
    expect(within(channels).getAllByRole('button', { name: /^Снять с канала/ })).toHaveLength(2);

    await router.navigate({ to: '/employees' });
    const refreshed = await screen.findByRole('list', { name: 'Команда' });
    await waitFor(() => expect(within(refreshed).queryByRole('img')).not.toBeInTheDocument());
  });

  it("removes the employee from the team after 'Удалить из команды?', then shows the team without them", async () => {
    const team = [me, maria];
    const { requests } = employeeApi({
      'GET /api/employee/all': () => ({ body: countedPage(team) }),
      'DELETE /api/employee/11': () => {
        team.pop();
        return { status: 204 };
      },
    });
    const { user, router } = renderApp('/employees/11');
    await user.click(await screen.findByRole('button', { name: 'Удалить из команды' }));
    const sheet = await screen.findByRole('dialog', { name: 'Удалить из команды?' });
    expect(sheet).toHaveTextContent('Прошлые сделки сохранят его имя');
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);
    await user.click(within(sheet).getByRole('button', { name: 'Удалить из команды' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/employees'));
    expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual(['/api/employee/11']);
    expect(await screen.findByText('Сотрудник удалён из команды')).toBeInTheDocument();
    expect(await screen.findByText(/В команде пока нет сотрудников/)).toBeInTheDocument();
  });

  it("offers no 'Удалить из команды' for the team's master or the user themselves", async () => {
    employeeApi({
      'GET /api/employee/12': { body: { ...employeeDetail(dmitry, null), managerId: null } },
      [`GET /api/employee/${me.id}`]: { body: employeeDetail(me, null) },
    });
    const { router } = renderApp('/employees/12');
    expect(await screen.findByRole('heading', { name: 'Дмитрий Орлов' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Удалить из команды' })).not.toBeInTheDocument();
    await router.navigate({ to: '/employees/$id', params: { id: String(me.id) } });
    expect(
      await screen.findByRole('heading', { name: `${me.firstName} ${me.secondName}` }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Удалить из команды' })).not.toBeInTheDocument();
  });

  it("gives a role on a channel with 'Добавить роль': the first salary type preselected", async () => {
    const [first, , itJobs] = mariaAssignments as [Assignment, Assignment, Assignment];
    let assignments = [first];
    const { requests } = employeeApi({
      'GET /api/employee/11/assignedChannels': () => ({ body: assignments }),
      'GET /api/channel': { body: countedPage([news, channel(8, 'IT-вакансии')]) },
      'POST /api/employee/11/assignOnChannel': () => {
        assignments = [...assignments, { ...itJobs, employeeChannelRoleId: 4, roleName: 'Контент-менеджер' }];
        return { body: assignments };
      },
    });
    const { user } = renderApp('/employees/11');
    const channels = await screen.findByRole('region', { name: 'Каналы и роли' });
    await user.click(within(channels).getByRole('button', { name: 'Добавить роль' }));

    const sheet = await screen.findByRole('dialog', { name: 'Новая роль' });
    const save = within(sheet).getByRole('button', { name: 'Добавить роль' });
    expect(save).toBeDisabled();
    await user.click(await within(sheet).findByRole('radio', { name: 'IT-вакансии' }));
    await user.click(await within(sheet).findByRole('radio', { name: 'Контент-менеджер' }));
    expect(await within(sheet).findByRole('radio', { name: 'Оплата за пост' })).toBeChecked();
    const conditions = within(sheet).getByRole('textbox', { name: 'Условия' });
    await user.click(conditions);
    await user.tab();
    expect(conditions).toHaveAccessibleDescription(EMPTY);
    await user.type(conditions, '700 руб за пост');
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const post = requests.find((r) => r.method === 'POST');
    expect(post?.path).toBe('/api/employee/11/assignOnChannel');
    expect(post?.body).toEqual({
      channelId: 8,
      employeeChannelRoleId: 4,
      salaryTypeId: 4,
      conditions: '700 руб за пост',
    });
    expect(await within(channels).findByRole('link', { name: 'IT-вакансии' })).toBeInTheDocument();
  });

  it('shows a failed removal in the sheet', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    employeeApi({
      'POST /api/employee/11/removeAssignmentOnChannel': notFound('Канал не найден'),
    });
    const { user } = renderApp('/employees/11');
    const channels = await screen.findByRole('region', { name: 'Каналы и роли' });
    const [first] = await within(channels).findAllByRole('button', { name: /^Снять с канала/ });
    await user.click(first as HTMLElement);
    const sheet = await screen.findByRole('dialog', { name: 'Снять с канала?' });
    await user.click(within(sheet).getByRole('button', { name: 'Да, снять' }));
    expect(await within(sheet).findByRole('alert')).toHaveTextContent('Канал не найден');
  });

  it('adds requisites in a bottom sheet, with the empty-field messages first', async () => {
    const methods = [sbp];
    const { requests } = employeeApi({
      'GET /api/employee/11/paymentMethods': () => ({ body: methods }),
      'POST /api/paymentMethod': (request) => {
        const body = request.body as { paymentMethodTypeId: number; credentials: string };
        const created = {
          ...sbp,
          id: 32,
          paymentMethodTypeId: body.paymentMethodTypeId,
          paymentMethodTypeName: 'Банковская карта',
          credentials: body.credentials,
          description: '',
        };
        methods.push(created);
        return { status: 201, body: created };
      },
    });
    const { user } = renderApp('/employees/11');
    const requisites = await screen.findByRole('region', { name: 'Реквизиты' });
    await user.click(within(requisites).getByRole('button', { name: 'Добавить реквизиты' }));

    const sheet = await screen.findByRole('dialog', { name: 'Новые реквизиты' });
    const save = within(sheet).getByRole('button', { name: 'Сохранить' });
    expect(save).toBeDisabled();
    const credentials = within(sheet).getByRole('textbox', { name: 'Номер карты, телефона или кошелька' });
    await user.click(credentials);
    await user.tab();
    expect(await within(sheet).findByText(EMPTY)).toBeInTheDocument();
    expect(credentials).toHaveAccessibleDescription(EMPTY);

    await user.click(await within(sheet).findByRole('radio', { name: 'Банковская карта' }));
    await user.type(credentials, '2202 2000 1234 5678');
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const post = requests.find((r) => r.method === 'POST');
    expect(post?.path).toBe('/api/paymentMethod');
    expect(post?.body).toEqual({
      employeeId: 11,
      paymentMethodTypeId: 1,
      credentials: '2202 2000 1234 5678',
    });
    expect(await within(requisites).findByText('2202 2000 1234 5678')).toBeInTheDocument();
  });

  it("shows the server's field error in the requisites sheet", async () => {
    employeeApi({
      'POST /api/paymentMethod': {
        status: 400,
        body: {
          code: 'VALIDATION_ERROR',
          message: 'Проверьте введённые данные',
          fieldErrors: { paymentMethodTypeId: ['Выберите способ оплаты из списка'] },
        },
      },
    });
    const { user } = renderApp('/employees/11');
    const requisites = await screen.findByRole('region', { name: 'Реквизиты' });
    await user.click(within(requisites).getByRole('button', { name: 'Добавить реквизиты' }));
    const sheet = await screen.findByRole('dialog', { name: 'Новые реквизиты' });
    await user.click(await within(sheet).findByRole('radio', { name: 'ЮMoney' }));
    await user.type(within(sheet).getByRole('textbox', { name: /Номер карты/ }), '4100 1234');
    await user.click(within(sheet).getByRole('button', { name: 'Сохранить' }));
    expect(await within(sheet).findByText('Выберите способ оплаты из списка')).toBeInTheDocument();
  });

  it('deletes requisites after a confirmation', async () => {
    let methods = [sbp];
    const { requests } = employeeApi({
      'GET /api/employee/11/paymentMethods': () => ({ body: methods }),
      'DELETE /api/paymentMethod/31': () => {
        methods = [];
        return { status: 204 };
      },
    });
    const { user } = renderApp('/employees/11');
    const requisites = await screen.findByRole('region', { name: 'Реквизиты' });
    await user.click(
      await within(requisites).findByRole('button', { name: 'Удалить реквизиты «СБП: +7 900 123-45-67»' }),
    );
    const sheet = await screen.findByRole('dialog', { name: 'Удалить реквизиты?' });
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);
    await user.click(within(sheet).getByRole('button', { name: 'Да, удалить' }));

    expect(await within(requisites).findByText('Реквизиты не указаны')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'DELETE')?.path).toBe('/api/paymentMethod/31');
  });

  it("renames the employee with 'Изменить имя', sending the version it read", async () => {
    let stored = employeeDetail(maria, 'maria_kovaleva');
    const { requests } = employeeApi({
      'GET /api/employee/11': () => ({ body: stored }),
      'PATCH /api/employee/11': (request) => {
        const body = request.body as { firstName: string; secondName: string };
        stored = { ...stored, ...body, version: stored.version + 1 };
        const { employeeId: _, ...answer } = stored;
        return { body: answer };
      },
    });
    const { user } = renderApp('/employees/11');
    await user.click(await screen.findByRole('button', { name: 'Изменить имя' }));
    const sheet = await screen.findByRole('dialog', { name: 'Изменить имя' });
    const firstName = within(sheet).getByRole('textbox', { name: 'Имя' });
    expect(firstName).toHaveValue('Мария');
    const save = within(sheet).getByRole('button', { name: 'Сохранить' });
    expect(save).toBeDisabled();

    await user.clear(firstName);
    await user.tab();
    expect(firstName).toHaveAccessibleDescription(EMPTY);
    expect(save).toBeDisabled();
    await user.type(firstName, 'Мариям');
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);

    expect(await screen.findByRole('heading', { level: 2, name: 'Мариям Ковалёва' })).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({
      firstName: 'Мариям',
      secondName: 'Ковалёва',
      version: 1,
    });
  });

  it('shows a conflicting edit and the fresh name', async () => {
    let stored = employeeDetail(maria, 'maria_kovaleva');
    employeeApi({
      'GET /api/employee/11': () => ({ body: stored }),
      'PATCH /api/employee/11': () => {
        stored = { ...stored, firstName: 'Марина', version: 2 };
        return {
          status: 409,
          body: {
            code: 'VERSION_CONFLICT',
            message: 'Запись уже изменил кто-то другой. Загружена свежая версия',
          },
        };
      },
    });
    const { user } = renderApp('/employees/11');
    await user.click(await screen.findByRole('button', { name: 'Изменить имя' }));
    const sheet = await screen.findByRole('dialog', { name: 'Изменить имя' });
    const firstName = within(sheet).getByRole('textbox', { name: 'Имя' });
    await user.clear(firstName);
    await user.type(firstName, 'Мариям');
    await user.click(within(sheet).getByRole('button', { name: 'Сохранить' }));

    expect(await within(sheet).findByText(/Запись уже изменил кто-то другой/)).toBeInTheDocument();
    await waitFor(() => expect(firstName).toHaveValue('Марина'));
    expect(
      screen.getByRole('heading', { level: 2, name: 'Марина Ковалёва', hidden: true }),
    ).toBeInTheDocument();
  });

  it('says the employee is not found', async () => {
    employeeApi({ 'GET /api/employee/11': notFound('Сотрудник не найден') });
    renderApp('/employees/11');
    expect(await screen.findByRole('heading', { name: 'Сотрудник не найден' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'К списку сотрудников' })).toHaveAttribute('href', '/employees');
  });

  it("is 'Страница не найдена' for an id that cannot exist, without a call", async () => {
    const { requests } = employeeApi();
    renderApp('/employees/abc');
    expect(await screen.findByRole('heading', { name: 'Страница не найдена' })).toBeInTheDocument();
    expect(requests.filter((r) => r.path.startsWith('/api/employee/')).map((r) => r.path)).toEqual([]);
  });
});
