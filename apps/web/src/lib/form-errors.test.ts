import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { setServerFieldErrors, sortServerFieldErrors } from './form-errors';

type Card = { roleId: number | null; credentials: string; description: string };

const fieldOf = {
  employeeChannelRoleId: 'roleId',
  'paymentMethod.credentials': 'credentials',
  'paymentMethod.description': 'description',
} as const;

const refusal = (fieldErrors?: Record<string, string[]>) =>
  new ApiError(400, {
    code: 'VALIDATION_ERROR',
    message: 'Проверьте данные',
    ...(fieldErrors ? { fieldErrors } : {}),
  });

describe('server field errors on a form', () => {
  it('puts each named field under its form field, joins its messages, focuses only the first and answers true', () => {
    const setError = vi.fn();
    const error = refusal({
      'paymentMethod.credentials': ['Укажите реквизиты', 'Не больше 500 символов'],
      employeeChannelRoleId: ['Роль не найдена'],
    });

    expect(setServerFieldErrors<Card>(error, setError, fieldOf)).toBe(true);
    expect(setError.mock.calls).toEqual([
      [
        'credentials',
        { type: 'server', message: 'Укажите реквизиты Не больше 500 символов' },
        { shouldFocus: true },
      ],
      ['roleId', { type: 'server', message: 'Роль не найдена' }, { shouldFocus: false }],
    ]);
  });

  it('sets nothing and answers false for fields the form does not show, a refusal without fields, or a non-API failure', () => {
    const setError = vi.fn();
    const elsewhere = refusal({ 'employee.name': ['Укажите имя'], toString: ['Не поле формы'] });

    expect(setServerFieldErrors<Card>(elsewhere, setError, fieldOf)).toBe(false);
    expect(setServerFieldErrors<Card>(refusal(), setError, fieldOf)).toBe(false);
    expect(setServerFieldErrors<Card>(new Error('сеть'), setError, fieldOf)).toBe(false);
    expect(setError).not.toHaveBeenCalled();
    expect(sortServerFieldErrors<Card>(elsewhere, fieldOf)).toEqual({
      placed: [],
      elsewhere: [
        ['employee.name', 'Укажите имя'],
        ['toString', 'Не поле формы'],
      ],
    });
  });

  it('asks a function where a field goes, and skips fields that came without a message', () => {
    const error = refusal({ duration: ['Укажите срок'], price: ['Укажите стоимость'], statusId: [] });
    const costOnly = (field: string) => (field === 'price' ? ('cost' as const) : undefined);

    expect(sortServerFieldErrors<{ cost: string }>(error, costOnly)).toEqual({
      placed: [['cost', 'Укажите стоимость']],
      elsewhere: [['duration', 'Укажите срок']],
    });
  });
});
