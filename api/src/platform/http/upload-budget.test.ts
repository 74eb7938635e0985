import { UploadBudget, UploadBudgetError } from './upload-budget';

const MB = 1024 * 1024;

describe('UploadBudget', () => {
  it('holds each reservation, per user and in all, until it is released (once)', () => {
    const budget = new UploadBudget({ perUserBytes: 10 * MB, totalBytes: 15 * MB });
    const a = budget.reserve('ana', 4 * MB);
    a.cover(8 * MB);
    a.cover(2 * MB); // never shrinks
    expect(a.bytes).toBe(8 * MB);
    const b = budget.reserve('ben', 5 * MB);
    expect([budget.usage(), budget.usage('ana'), budget.usage('ben')]).toEqual([13 * MB, 8 * MB, 5 * MB]);
    a.release();
    a.release();
    expect([budget.usage(), budget.usage('ana')]).toEqual([5 * MB, 0]);
    b.release();
    expect(budget.usage()).toBe(0);
  });

  it('refuses past a user share with 429, past the total with 503, and holds nothing for a refused share', () => {
    const budget = new UploadBudget({ perUserBytes: 10 * MB, totalBytes: 15 * MB });
    const a = budget.reserve('ana', 9 * MB);
    const refusal = (run: () => unknown) => {
      try {
        run();
      } catch (error) {
        return error instanceof UploadBudgetError ? [error.status, error.code, error.retryAfterSeconds] : error;
      }
      return null;
    };
    expect(refusal(() => budget.reserve('ana', 2 * MB))).toEqual([429, 'TOO_MANY_REQUESTS', 30]);
    expect(refusal(() => a.cover(11 * MB))).toEqual([429, 'TOO_MANY_REQUESTS', 30]);
    expect(refusal(() => budget.reserve('ben', 7 * MB))).toEqual([503, 'SERVICE_UNAVAILABLE', 30]);
    expect([budget.usage(), budget.usage('ana'), budget.usage('ben')]).toEqual([9 * MB, 9 * MB, 0]);
    const c = budget.reserve('ben', 6 * MB);
    expect(budget.usage()).toBe(15 * MB);
    c.release();
    a.release();
    expect(budget.usage()).toBe(0);
  });
});
