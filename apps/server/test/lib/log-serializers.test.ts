import { DrizzleQueryError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { safeError } from '../../src/lib/log-serializers.js';

const query = 'select "id" from "payment_methods" where "credentials" = $1';

describe('safeError', () => {
  it("says why a query failed before the database answered, from the driver's own error", () => {
    const failed = new DrizzleQueryError(
      query,
      ['4276 9183 5527 0461'],
      new Error('Cannot use a pool after calling end on the pool'),
    );
    const logged = safeError(failed);
    expect(logged.message).toBe('database query failed: Cannot use a pool after calling end on the pool');
    expect(logged.query).toBe(query);
    expect(JSON.stringify(logged)).not.toContain('4276');
  });

  it("keeps the database's own message out: it may quote the value it failed on", () => {
    const driver = Object.assign(new Error('refused credentials 4276 9183 5527 0461'), {
      code: 'P0001',
      severity: 'ERROR',
    });
    const logged = safeError(new DrizzleQueryError(query, ['4276 9183 5527 0461'], driver));
    expect(logged.message).toBe('database error P0001');
    expect(JSON.stringify(logged)).not.toContain('4276');
  });

  it('keeps a malformed body out, whether read by the app or by the driver', () => {
    const malformed = new SyntaxError('Unexpected token 4276 in JSON');
    expect(safeError(malformed).message).toBe('malformed input');
    expect(safeError(new DrizzleQueryError(query, [], malformed)).message).toBe(
      'database query failed: malformed input',
    );
  });
});
