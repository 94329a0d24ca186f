import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/api-types';
import { describeFailure, saveFailureNotice } from './failures';

describe('failures', () => {
  const refused = new ApiError(
    'origin_not_allowed',
    'Online booking is not enabled on this website. Book at https://book.example.',
    403,
  );

  it('keeps the refused-origin message for the customer', () => {
    expect(describeFailure(refused)).toEqual({
      code: 'origin_not_allowed',
      message: 'Online booking is not enabled on this website. Book at https://book.example.',
    });
    expect(saveFailureNotice(refused)).toBe(
      'Online booking is not enabled on this website. Book at https://book.example.',
    );
  });
});
