import { INVALID_TELEGRAM_LINK, PRIVATE_TELEGRAM_LINK } from '@addesk/contract';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { countedPage, type FakeHandler, type RecordedRequest } from './fake-api';
import { advance, holdClockAt, lastInput, resumeClock, useFakeClock, userOnFakeClock } from './fake-clock';
import { renderApp } from './render-app';
import { anna, dmitry, employeeDetail, maria, me, notFound, teamApi } from './team-api';

/** Whole flows typed key by key: room for a busy machine (the default is 5 s). */
const FLOW_TIMEOUT_MS = 20_000;

/** Spec §5: the pause after the last keystroke before a profile link is looked up. */
const DEBOUNCE_MS = 800;

// The debounce runs on a clock moved by hand (fake-clock.ts): no test sleeps through it.
beforeEach(() => {
  useFakeClock();
});
afterEach(() => {
  vi.useRealTimers();
});

const renderAdd = (path: string) => renderApp(path, { user: userOnFakeClock });

const irina = {
  userId: 501,
  name: 'Ирина Волкова',
  imageLink: 'https://cdn.example/irina.jpg',
  telegramNickName: 'irina_volkova',
};

const EMPTY = 'Поле не должно быть пустым';

const lookups = (requests: RecordedRequest[]) =>
  requests.filter((r) => r.path === '/api/employee/searchInTelegram');
const adds = (requests: RecordedRequest[]) =>
  requests.filter((r) => r.method === 'POST' && r.path === '/api/channel/5/employees');

function addApi(overrides: Record<string, FakeHandler> = {}) {
  return teamApi({
    'GET /api/employee/searchInTelegram': (request) =>
      request.query.get('userName') === 'irina_volkova'
        ? { body: irina }
        : notFound('Пользователь не найден'),
    'GET /api/employee/12': { body: employeeDetail(dmitry, 'd_orlov') },
    'POST /api/channel/5/employees': { status: 201, body: { employeeId: 42 } },
    ...overrides,
  });
}

/** Resolves when released: a call that stays in flight until the test says so. */
function gate() {
  let release = () => {};
  const opened = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { opened, release };
}

const submitButton = () => screen.getByRole('button', { name: /Добавить сотрудника|Добавляем/ });

/** Step 2 filled with a name (and a link, looked up): 'Продолжить' opens the card. */
async function createNewPerson(user: UserEvent, name: string, link?: string) {
  await user.type(await screen.findByRole('textbox', { name: 'Имя сотрудника' }), name);
  if (link) {
    await user.type(screen.getByRole('textbox', { name: /Ссылка на профиль/ }), link);
    await advance(DEBOUNCE_MS);
    await screen.findByRole('region', { name: 'Найденный профиль' });
  }
  await user.click(screen.getByRole('button', { name: 'Продолжить' }));
  await screen.findByRole('heading', { level: 1, name: 'Карточка сотрудника' });
}

async function chooseRole(user: UserEvent, role: string) {
  await user.click(screen.getByRole('button', { name: /^Роль/ }));
  const sheet = await screen.findByRole('dialog', { name: 'Выберите роль сотруднику' });
  await user.click(within(sheet).getByRole('radio', { name: role }));
  await user.click(within(sheet).getByRole('button', { name: 'Добавить роль' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
}

async function choosePaymentType(user: UserEvent, type: string) {
  await user.click(screen.getByRole('button', { name: /^Способ оплаты/ }));
  const sheet = await screen.findByRole('dialog', { name: 'Способ оплаты' });
  await user.click(within(sheet).getByRole('button', { name: type }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
}

/** Everything the card requires, for role 'Менеджер по продажам'. */
async function fillCard(user: UserEvent) {
  await chooseRole(user, 'Менеджер по продажам');
  await user.type(screen.getByRole('textbox', { name: 'Условия' }), '10% от продаж');
  await choosePaymentType(user, 'СБП');
  await user.type(
    screen.getByRole('textbox', { name: 'Номер карты, телефона или кошелька' }),
    '+7 900 000-00-00',
  );
}

describe('/channels/{id}/employees/add, step 1: selection', { timeout: FLOW_TIMEOUT_MS }, () => {
  it("offers 'Создать нового сотрудника' and the team without those already on the channel (nor the user)", async () => {
    addApi();
    const { user, router } = renderAdd('/channels/5/employees/add');

    const team = await screen.findByRole('list', { name: 'Моя команда' });
    const rows = within(team).getAllByRole('link');
    expect(rows.map((row) => row.getAttribute('href'))).toEqual([
      '/channels/5/employees/add?step=card&employee=12',
      '/channels/5/employees/add?step=card&employee=13',
      '/channels/5/employees/add?step=card&employee=14',
    ]);
    // Мария works on this channel already; the signed-in user is not their own employee.
    expect(within(team).queryByText('Мария Ковалёва')).not.toBeInTheDocument();
    expect(within(team).queryByText(`${me.firstName} ${me.secondName}`)).not.toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Создать нового сотрудника' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ step: 'new' }));
    expect(await screen.findByRole('textbox', { name: 'Имя сотрудника' })).toBeInTheDocument();
  });

  it("shows up to 5 channel icons per person and '+N' for the rest", async () => {
    addApi();
    renderAdd('/channels/5/employees/add');

    const team = await screen.findByRole('list', { name: 'Моя команда' });
    const petrRow = within(team).getByRole('link', { name: /Пётр Иванов/ });
    expect(within(petrRow).getAllByRole('img')).toHaveLength(5);
    expect(within(petrRow).getByText('+2')).toBeInTheDocument();
    const dmitryRow = within(team).getByRole('link', { name: /Дмитрий Орлов/ });
    expect(
      within(dmitryRow)
        .getAllByRole('img')
        .map((img) => img.getAttribute('aria-label')),
    ).toEqual(['Бизнес', 'Путешествия']);
    expect(within(dmitryRow).queryByText(/^\+/)).not.toBeInTheDocument();
    expect(within(team).getByRole('link', { name: /Анна Белова/ })).toHaveTextContent(
      'Пока ни на одном канале',
    );
  });

  it('says when everyone in the team already works on the channel', async () => {
    addApi({ 'GET /api/employee/all': { body: countedPage([me, maria]) } });
    renderAdd('/channels/5/employees/add');
    expect(await screen.findByText('Все сотрудники команды уже работают на этом канале')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Создать нового сотрудника' })).toBeInTheDocument();
  });
});

describe('/channels/{id}/employees/add, step 2: create', { timeout: FLOW_TIMEOUT_MS }, () => {
  it("says 'Поле не должно быть пустым' for an empty name and keeps 'Продолжить' disabled", async () => {
    addApi();
    const { user } = renderAdd('/channels/5/employees/add?step=new');

    const name = await screen.findByRole('textbox', { name: 'Имя сотрудника' });
    const next = screen.getByRole('button', { name: 'Продолжить' });
    expect(next).toBeDisabled();
    await user.click(name);
    await user.tab();
    expect(await screen.findByText(EMPTY)).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription(EMPTY);

    await user.type(name, '   ');
    expect(next).toBeDisabled();
    await user.type(name, 'Ирина');
    await waitFor(() => expect(next).toBeEnabled());
    expect(screen.queryByText(EMPTY)).not.toBeInTheDocument();
  });

  it('looks the profile link up once, 800 ms after the typing stops, and shows the person', async () => {
    const { requests } = addApi();
    const { user } = renderAdd('/channels/5/employees/add?step=new');

    await user.type(await screen.findByRole('textbox', { name: 'Имя сотрудника' }), 'Ирина Волкова');
    const link = screen.getByRole('textbox', { name: /Ссылка на профиль/ });
    const typedAt = lastInput(link);
    await user.type(link, 'https://t.me/irina_volkova');
    expect(lookups(requests)).toHaveLength(0);
    // In flight or waiting for the pause: not yet.
    expect(screen.getByRole('button', { name: 'Продолжить' })).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent('Ищем профиль…');
    // Nothing asked 1 ms before the pause is over; once it is, the person is asked for once.
    await holdClockAt(typedAt() + DEBOUNCE_MS - 1);
    expect(lookups(requests)).toHaveLength(0);
    await advance(1);
    expect(lookups(requests).map((r) => r.query.get('userName'))).toEqual(['irina_volkova']);
    resumeClock();

    const found = await screen.findByRole('region', { name: 'Найденный профиль' });
    expect(lookups(requests)).toHaveLength(1);
    expect(within(found).getByRole('img', { name: 'Ирина Волкова' })).toHaveAttribute('src', irina.imageLink);
    expect(found).toHaveTextContent('@irina_volkova');
    expect(screen.getByRole('button', { name: 'Продолжить' })).toBeEnabled();
  });

  it('explains a bad link in Russian without asking Telegram', async () => {
    const { requests } = addApi();
    const { user } = renderAdd('/channels/5/employees/add?step=new');
    await user.type(await screen.findByRole('textbox', { name: 'Имя сотрудника' }), 'Ирина');
    const link = screen.getByRole('textbox', { name: /Ссылка на профиль/ });

    await user.type(link, 'https://t.me/+AbCdEf123');
    // An invite link: at once.
    expect(screen.getByRole('alert')).toHaveTextContent(PRIVATE_TELEGRAM_LINK);
    expect(screen.getByRole('button', { name: 'Продолжить' })).toBeDisabled();

    await user.clear(link);
    const typedAt = lastInput(link);
    await user.type(link, 't.me/ab');
    // A name being typed is judged when the typing pauses: not 1 ms before, at the end of the pause.
    await holdClockAt(typedAt() + DEBOUNCE_MS - 1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await advance(1);
    expect(screen.getByRole('alert')).toHaveTextContent(INVALID_TELEGRAM_LINK);
    expect(lookups(requests)).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Продолжить' })).toBeDisabled();
  });

  it("says 'Пользователь не найден' as a hint, not an error, and lets the user go on with the link as typed", async () => {
    addApi();
    const { user } = renderAdd('/channels/5/employees/add?step=new');
    await user.type(await screen.findByRole('textbox', { name: 'Имя сотрудника' }), 'Ирина');
    const link = screen.getByRole('textbox', { name: /Ссылка на профиль/ });
    await user.type(link, '@nobody_here');
    await advance(DEBOUNCE_MS);
    await waitFor(() =>
      expect(link).toHaveAccessibleDescription('Пользователь не найден: ссылка сохранится как есть'),
    );
    expect(link).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('button', { name: 'Продолжить' })).toBeEnabled();
  });

  it("'Продолжить' writes nothing: it opens the card with the person kept in the flow's draft", async () => {
    const { requests } = addApi();
    const { user, router } = renderAdd('/channels/5/employees/add?step=new');
    await createNewPerson(user, 'Ирина Волкова', 'https://t.me/irina_volkova');

    expect(router.state.location.search).toEqual({ step: 'card' });
    expect(requests.filter((r) => r.method !== 'GET')).toHaveLength(0);
    const summary = screen.getByRole('region', { name: 'Сотрудник и канал' });
    expect(summary).toHaveTextContent('Ирина Волкова');
    expect(summary).toHaveTextContent('@irina_volkova · новый сотрудник');
    expect(await within(summary).findByText('Новости Москвы')).toBeInTheDocument();

    // Back to step 2: what was typed is still there.
    await user.click(screen.getByRole('link', { name: 'Назад' }));
    expect(await screen.findByRole('textbox', { name: 'Имя сотрудника' })).toHaveValue('Ирина Волкова');
  });

  it('asks for the person again when the card is opened without one (after a reload)', async () => {
    addApi();
    const { router } = renderAdd('/channels/5/employees/add?step=card');
    expect(await screen.findByRole('textbox', { name: 'Имя сотрудника' })).toBeInTheDocument();
    expect(router.state.location.search).toEqual({ step: 'new' });
  });
});

describe('/channels/{id}/employees/add, step 3: the employee card', { timeout: FLOW_TIMEOUT_MS }, () => {
  it('opens the role picker, confirms with “Добавить роль”, and reopens it when the role is cleared', async () => {
    addApi();
    const { user } = renderAdd('/channels/5/employees/add?step=new');
    await createNewPerson(user, 'Ирина Волкова');

    await user.click(screen.getByRole('button', { name: 'Роль Выберите роль' }));
    const sheet = await screen.findByRole('dialog', { name: 'Выберите роль сотруднику' });
    expect(sheet).toHaveTextContent('Другие роли можно будет добавить позже в профиле сотрудника');
    const confirm = within(sheet).getByRole('button', { name: 'Добавить роль' });
    expect(confirm).toBeDisabled();
    expect(
      within(sheet)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['1', '2', '3', '4']);
    await user.click(within(sheet).getByRole('radio', { name: 'Администратор' }));
    await user.click(confirm);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Роль Администратор' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Убрать роль «Администратор»' }));
    const again = await screen.findByRole('dialog', { name: 'Выберите роль сотруднику' });
    expect(within(again).getByRole('button', { name: 'Добавить роль' })).toBeDisabled();
    // Behind the open sheet, the field says the role is required.
    expect(
      screen.getByRole('button', { name: 'Роль Выберите роль', hidden: true }),
    ).toHaveAccessibleDescription(EMPTY);
  });

  it('preselects the only salary type of a role, with no toggle', async () => {
    addApi();
    const { user } = renderAdd('/channels/5/employees/add?step=new');
    await createNewPerson(user, 'Ирина Волкова');
    await chooseRole(user, 'Администратор');

    const salary = await screen.findByRole('group', { name: 'Тип оплаты' });
    expect(await within(salary).findByText('Фиксированный оклад')).toBeInTheDocument();
    expect(within(salary).queryByRole('radio')).not.toBeInTheDocument();
  });

  it('preselects the first of several salary types and toggles between them', async () => {
    const { requests } = addApi();
    const { user } = renderAdd('/channels/5/employees/add?step=new');
    await createNewPerson(user, 'Ирина Волкова');
    await fillCard(user);

    const salary = screen.getByRole('group', { name: 'Тип оплаты' });
    const first = await within(salary).findByRole('radio', { name: 'Процент от продаж' });
    const second = within(salary).getByRole('radio', { name: 'Фиксированный оклад' });
    expect(first).toBeChecked();
    expect(second).not.toBeChecked();
    await user.click(second);
    expect(second).toBeChecked();
    expect(first).not.toBeChecked();

    await user.click(submitButton());
    await screen.findByRole('heading', { name: 'Сотрудник добавлен' });
    expect(adds(requests)[0]?.body).toMatchObject({ roleId: 2, salaryTypeId: 1 });
  });

  it('the salary types follow the role: a new role preselects its own first type', async () => {
    addApi();
    const { user } = renderAdd('/channels/5/employees/add?step=new');
    await createNewPerson(user, 'Ирина Волкова');
    await chooseRole(user, 'Менеджер по продажам');
    expect(await screen.findByRole('radio', { name: 'Процент от продаж' })).toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Роль Менеджер по продажам' }));
    const sheet = await screen.findByRole('dialog', { name: 'Выберите роль сотруднику' });
    await user.click(within(sheet).getByRole('radio', { name: 'Контент-менеджер' }));
    await user.click(within(sheet).getByRole('button', { name: 'Добавить роль' }));
    expect(await screen.findByRole('radio', { name: 'Оплата за пост' })).toBeChecked();
    expect(screen.queryByRole('radio', { name: 'Процент от продаж' })).not.toBeInTheDocument();
  });

  it("keeps 'Добавить сотрудника' disabled until everything required is filled, with the empty-field messages", async () => {
    addApi();
    const { user } = renderAdd('/channels/5/employees/add?step=new');
    await createNewPerson(user, 'Ирина Волкова');
    expect(submitButton()).toBeDisabled();
    // Why, before any field has been visited.
    expect(submitButton()).toHaveAccessibleDescription('Заполните: роль, условия, способ оплаты, реквизиты');

    // Visit each required field and leave it empty.
    const conditions = screen.getByRole('textbox', { name: 'Условия' });
    await user.click(conditions);
    await user.tab();
    const credentials = screen.getByRole('textbox', { name: 'Номер карты, телефона или кошелька' });
    await user.click(credentials);
    await user.tab();
    await user.click(screen.getByRole('button', { name: /^Способ оплаты/ }));
    await screen.findByRole('dialog', { name: 'Способ оплаты' });
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: /^Роль/ }));
    await screen.findByRole('dialog', { name: 'Выберите роль сотруднику' });
    await user.keyboard('{Escape}');

    await waitFor(() => expect(screen.getAllByText(EMPTY)).toHaveLength(4));
    expect(conditions).toHaveAccessibleDescription(EMPTY);
    expect(credentials).toHaveAccessibleDescription(EMPTY);
    expect(screen.getByRole('button', { name: /^Способ оплаты/ })).toHaveAccessibleDescription(EMPTY);
    expect(screen.getByRole('button', { name: /^Роль/ })).toHaveAccessibleDescription(EMPTY);
    expect(submitButton()).toBeDisabled();

    await chooseRole(user, 'Менеджер по продажам');
    await user.type(conditions, '10% от продаж');
    await choosePaymentType(user, 'СБП');
    expect(submitButton()).toBeDisabled();
    // Spaces are not credentials.
    await user.type(credentials, '   ');
    expect(submitButton()).toBeDisabled();
    await user.type(credentials, '+7 900 000-00-00');
    await waitFor(() => expect(submitButton()).toBeEnabled());
    expect(screen.queryByText(EMPTY)).not.toBeInTheDocument();
    expect(screen.queryByText(/Заполните:/)).not.toBeInTheDocument();
  });

  it('sends one request on a double click, with a requestId made when the card opened', async () => {
    const answer = gate();
    const { requests, fetchMock } = addApi();
    const fake = fetchMock.getMockImplementation();
    fetchMock.mockImplementation(async (input, init) => {
      if (init?.method === 'POST') await answer.opened;
      if (!fake) throw new Error('no fake');
      return fake(input, init);
    });
    const { user } = renderAdd('/channels/5/employees/add?step=new');
    await createNewPerson(user, 'Ирина Волкова', 'https://t.me/irina_volkova');
    await fillCard(user);
    await user.type(screen.getByRole('textbox', { name: /Комментарий/ }), 'Сбербанк');

    await user.dblClick(submitButton());
    await waitFor(() => expect(submitButton()).toHaveTextContent('Добавляем…'));
    expect(submitButton()).toBeDisabled();
    await user.click(submitButton());
    answer.release();
    expect(await screen.findByRole('heading', { name: 'Сотрудник добавлен' })).toHaveFocus();

    expect(adds(requests)).toHaveLength(1);
    const body = adds(requests)[0]?.body as { requestId: string };
    expect(body.requestId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(body).toEqual({
      requestId: body.requestId,
      employee: { name: 'Ирина Волкова', telegramNickName: 'irina_volkova' },
      roleId: 2,
      salaryTypeId: 2,
      conditions: '10% от продаж',
      paymentMethod: { paymentMethodTypeId: 2, credentials: '+7 900 000-00-00', description: 'Сбербанк' },
    });
  });

  it("shows the server's field errors under the fields and keeps the same requestId for the retry", async () => {
    let fail = true;
    const { requests } = addApi({
      'POST /api/channel/5/employees': () =>
        fail
          ? {
              status: 400,
              body: {
                code: 'VALIDATION_ERROR',
                message: 'Проверьте введённые данные',
                fieldErrors: {
                  conditions: ['Не длиннее 1000 символов'],
                  'paymentMethod.credentials': ['Укажите реквизиты полностью'],
                },
              },
            }
          : { status: 201, body: { employeeId: 42 } },
    });
    const { user } = renderAdd('/channels/5/employees/add?step=new');
    await createNewPerson(user, 'Ирина Волкова');
    await fillCard(user);
    await user.click(submitButton());

    const conditions = screen.getByRole('textbox', { name: 'Условия' });
    await waitFor(() => expect(conditions).toHaveAccessibleDescription('Не длиннее 1000 символов'));
    expect(
      screen.getByRole('textbox', { name: 'Номер карты, телефона или кошелька' }),
    ).toHaveAccessibleDescription('Укажите реквизиты полностью');
    expect(screen.getByText('Проверьте поля, отмеченные красным')).toBeInTheDocument();

    fail = false;
    await user.type(conditions, '!');
    await user.click(submitButton());
    await screen.findByRole('heading', { name: 'Сотрудник добавлен' });
    const [first, second] = adds(requests).map((r) => (r.body as { requestId: string }).requestId);
    expect(second).toBe(first);
  });

  it("shows the server's message when adding fails for another reason", async () => {
    addApi({
      'POST /api/channel/5/employees': {
        status: 404,
        body: { code: 'NOT_FOUND', message: 'Канал не найден' },
      },
    });
    const { user } = renderAdd('/channels/5/employees/add?step=new');
    await createNewPerson(user, 'Ирина Волкова');
    await fillCard(user);
    await user.click(submitButton());
    expect(await screen.findByText('Канал не найден')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Сотрудник добавлен' })).not.toBeInTheDocument();
  });
});

describe('/channels/{id}/employees/add, step 4: success', { timeout: FLOW_TIMEOUT_MS }, () => {
  it('adds a team member to the channel, says “Сотрудник добавлен” and the channel list shows them', async () => {
    const onChannel = [{ employeeId: maria.id, employeeName: 'Мария Ковалёва', iconLink: null }];
    const { requests } = addApi({
      'GET /api/channel/5/employees': () => ({ body: onChannel }),
      'POST /api/channel/5/employees': () => {
        onChannel.push({ employeeId: dmitry.id, employeeName: 'Дмитрий Орлов', iconLink: null });
        return { status: 201, body: { employeeId: dmitry.id } };
      },
    });
    const { user, router } = renderAdd('/channels/5/employees');
    await screen.findByRole('list', { name: 'Сотрудники канала' });

    await user.click(screen.getByRole('link', { name: 'Добавить сотрудника' }));
    await user.click(await screen.findByRole('link', { name: /Дмитрий Орлов/ }));
    const summary = await screen.findByRole('region', { name: 'Сотрудник и канал' });
    expect(await within(summary).findByText('Дмитрий Орлов')).toBeInTheDocument();
    expect(summary).toHaveTextContent('@d_orlov');
    await fillCard(user);
    await user.click(submitButton());

    expect(await screen.findByRole('heading', { name: 'Сотрудник добавлен' })).toBeInTheDocument();
    expect(screen.getByText(/Дмитрий Орлов теперь работает на канале «Новости Москвы»/)).toHaveTextContent(
      'в роли «Менеджер по продажам»',
    );
    expect(router.state.location.search).toEqual({ step: 'done' });
    expect(adds(requests)[0]?.body).toMatchObject({ employee: { id: dmitry.id } });
    expect(screen.getByRole('link', { name: 'Открыть профиль сотрудника' })).toHaveAttribute(
      'href',
      '/employees/12',
    );

    await user.click(screen.getByRole('link', { name: 'К сотрудникам канала' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/channels/5/employees'));
    const list = await screen.findByRole('list', { name: 'Сотрудники канала' });
    expect(await within(list).findByRole('link', { name: /Дмитрий Орлов/ })).toHaveAttribute(
      'href',
      '/employees/12',
    );
  });

  it('refreshes the team and the dashboard card after adding', async () => {
    const team = [me, maria, dmitry];
    const subordinates = [maria, dmitry];
    addApi({
      'GET /api/employee/all': () => ({ body: countedPage(team) }),
      'GET /api/employee/7/subordinates': () => ({ body: countedPage(subordinates) }),
      'GET /api/channel': { body: countedPage([]) },
      'POST /api/channel/5/employees': () => {
        team.push(anna);
        subordinates.push(anna);
        return { status: 201, body: { employeeId: anna.id } };
      },
    });
    const { user, router } = renderAdd('/dashboard');
    expect(await screen.findByRole('link', { name: 'Сотрудники: 2 сотрудника' })).toBeInTheDocument();

    await router.navigate({ to: '/employees' });
    expect(await screen.findByText('2 сотрудника')).toBeInTheDocument();

    await router.navigate({
      to: '/channels/$id/employees/add',
      params: { id: '5' },
      search: { step: 'new' },
    });
    await createNewPerson(user, 'Анна Белова');
    await fillCard(user);
    await user.click(submitButton());
    await screen.findByRole('heading', { name: 'Сотрудник добавлен' });

    await router.navigate({ to: '/dashboard' });
    expect(await screen.findByRole('link', { name: 'Сотрудники: 3 сотрудника' })).toBeInTheDocument();
    await router.navigate({ to: '/employees' });
    expect(await screen.findByText('3 сотрудника')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Анна Белова/ })).toHaveAttribute('href', '/employees/13');
  });

  it('sends a visit to the success address without an addition back to the selection', async () => {
    addApi();
    const { router } = renderAdd('/channels/5/employees/add?step=done');
    expect(await screen.findByRole('list', { name: 'Моя команда' })).toBeInTheDocument();
    expect(router.state.location.search).toEqual({});
  });
});

describe('the add-employee flows keep what was typed across a reload', { timeout: FLOW_TIMEOUT_MS }, () => {
  const channelKey = 'addesk:add-employee:channel:5';

  it('writes the person and the card, but the credentials, to the tab’s draft', async () => {
    addApi();
    const { user } = renderAdd('/channels/5/employees/add?step=new');
    await createNewPerson(user, 'Ирина Волкова');
    await fillCard(user);
    const draft = JSON.parse(sessionStorage.getItem(channelKey) ?? '{}');
    expect(draft.person).toMatchObject({ name: 'Ирина Волкова' });
    expect(draft.card).toMatchObject({ roleId: 2, conditions: '10% от продаж', paymentMethodTypeId: 2 });
    expect(draft.card).not.toHaveProperty('credentials');
  });

  it('restores the name and the card after a reload, and forgets them once the person is added', async () => {
    sessionStorage.setItem(
      channelKey,
      JSON.stringify({
        person: { name: 'Ирина Волкова', link: '' },
        card: {
          roleId: 2,
          salaryTypeId: 2,
          conditions: '15% с продаж',
          paymentMethodTypeId: 2,
          description: '',
        },
      }),
    );
    const { requests } = addApi();
    const { user } = renderAdd('/channels/5/employees/add?step=card');
    const summary = await screen.findByRole('region', { name: 'Сотрудник и канал' });
    expect(summary).toHaveTextContent('Ирина Волкова');
    expect(screen.getByRole('textbox', { name: 'Условия' })).toHaveValue('15% с продаж');
    await user.type(
      screen.getByRole('textbox', { name: 'Номер карты, телефона или кошелька' }),
      '+7 900 000-00-00',
    );
    await user.click(submitButton());
    expect(await screen.findByRole('heading', { name: 'Сотрудник добавлен' })).toBeInTheDocument();
    expect(adds(requests)[0]?.body).toMatchObject({
      employee: { name: 'Ирина Волкова' },
      roleId: 2,
      conditions: '15% с продаж',
    });
    expect(sessionStorage.getItem(channelKey)).toBeNull();
  });

  it('adds a person on no channel from /employees/add, restoring the typed name after a reload', async () => {
    sessionStorage.setItem(
      'addesk:add-employee:team',
      JSON.stringify({ person: { name: 'Олег', link: '' } }),
    );
    const { requests } = teamApi({
      'POST /api/employee': { status: 201, body: { id: 42 } },
      'GET /api/employee/42': { body: employeeDetail({ id: 42, firstName: 'Олег', secondName: 'Новиков' }) },
    });
    const { user, router } = renderAdd('/employees/add');
    const name = await screen.findByRole('textbox', { name: 'Имя сотрудника' });
    expect(name).toHaveValue('Олег');
    await user.type(name, ' Новиков');
    expect(JSON.parse(sessionStorage.getItem('addesk:add-employee:team') ?? '{}').person.name).toBe(
      'Олег Новиков',
    );
    await user.click(screen.getByRole('button', { name: 'Добавить сотрудника' }));

    expect(await screen.findByRole('heading', { name: 'Сотрудник добавлен' })).toBeInTheDocument();
    expect(screen.getByText(/Олег Новиков теперь в команде/)).toBeInTheDocument();
    expect(router.state.location.search).toEqual({ step: 'done', employee: 42 });
    const post = requests.find((r) => r.method === 'POST');
    expect(post?.path).toBe('/api/employee');
    expect(post?.body).toEqual({ firstName: 'Олег', secondName: 'Новиков' });
    expect(sessionStorage.getItem('addesk:add-employee:team')).toBeNull();
    expect(screen.getByRole('button', { name: 'Назначить на канал' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Готово' })).toHaveAttribute('href', '/employees');
  });
});
