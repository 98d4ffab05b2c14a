import { ErrorCode } from '@cityops/contract';
import type { FormInstance } from 'antd';
import { ApiError } from '@/lib/http/api-error';
import { failureMessage, fieldErrors, isConflict, showFieldErrors } from './api-failure';

const refusal = (code: string, fields?: { field: string; message: string }[]) =>
  new ApiError('refused', code, 200, {
    code,
    boolSuccess: false,
    msg: 'refused in words',
    data: fields ? { fields } : null,
  });

function fakeForm() {
  const setFields = vi.fn();
  return { form: { setFields } as unknown as FormInstance<Record<string, unknown>>, setFields };
}

describe('api failures', () => {
  it('tells a stale-version refusal from other failures', () => {
    expect(isConflict(refusal(ErrorCode.CONFLICT))).toBe(true);
    expect(isConflict(refusal(ErrorCode.VALIDATION))).toBe(false);
    expect(isConflict(new Error('x'))).toBe(false);
  });

  it("uses the server's message, or the fallback", () => {
    expect(failureMessage(refusal(ErrorCode.VALIDATION), 'fallback')).toBe('refused in words');
    expect(failureMessage(new Error('x'), 'fallback')).toBe('fallback');
  });

  it('shows the field errors of a validation or conflict refusal beside their fields', () => {
    const { form, setFields } = fakeForm();
    const error = refusal(ErrorCode.CONFLICT, [{ field: 'username', message: 'taken' }]);
    expect(showFieldErrors(form, error)).toBe(true);
    expect(setFields).toHaveBeenCalledWith([{ name: 'username', errors: ['taken'] }]);
  });

  it('leaves out fields the form does not show, and reports when nothing was shown', () => {
    const { form, setFields } = fakeForm();
    const error = refusal(ErrorCode.VALIDATION, [
      { field: 'name', message: 'required' },
      { field: 'roleIds', message: 'invalid' },
    ]);
    expect(showFieldErrors(form, error, ['name'])).toBe(true);
    expect(setFields).toHaveBeenCalledWith([{ name: 'name', errors: ['required'] }]);
    expect(showFieldErrors(form, error, ['mobile'])).toBe(false);
    expect(showFieldErrors(form, new Error('x'))).toBe(false);
    expect(fieldErrors(refusal(ErrorCode.SERVER_ERROR, [{ field: 'x', message: 'y' }]))).toEqual(
      [],
    );
  });
});
