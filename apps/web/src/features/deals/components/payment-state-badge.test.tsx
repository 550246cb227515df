import { paymentStates } from '@addesk/contract';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PaymentStateBadge } from './payment-state-badge';

describe('PaymentStateBadge', () => {
  it('names every state in Russian', () => {
    const names = paymentStates.map((state) => {
      const { unmount } = render(<PaymentStateBadge state={state} />);
      const text = document.body.textContent;
      unmount();
      return text;
    });
    expect(names).toEqual(['Не оплачено', 'Частично', 'Оплачено', 'Просрочено']);
  });

  it('colours paid green, overdue red, partly amber and leaves unpaid neutral', () => {
    render(
      <>
        <PaymentStateBadge state="PAID" />
        <PaymentStateBadge state="OVERDUE" />
        <PaymentStateBadge state="PARTLY_PAID" />
        <PaymentStateBadge state="UNPAID" />
      </>,
    );
    expect(screen.getByText('Оплачено').className).toMatch(/emerald/);
    expect(screen.getByText('Просрочено').className).toMatch(/destructive/);
    expect(screen.getByText('Частично').className).toMatch(/amber/);
    expect(screen.getByText('Не оплачено').className).toMatch(/bg-muted/);
  });
});
