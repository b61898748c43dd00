import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Field } from './form';

function renderField(error?: { type: string; message: string }, hint?: string) {
  return render(
    <Field id="login-password" label="Şifre" error={error} hint={hint}>
      <input id="login-password" />
    </Field>,
  );
}

describe('a form field (issue 30: nothing moves when its error appears)', () => {
  it('keeps the line for its error while there is none', () => {
    const { container } = renderField();
    const line = container.querySelector('.field__message');
    expect(line).not.toBeNull();
    expect(line).toBeEmptyDOMElement();
    // The line is the field's last row, after the control.
    expect(container.querySelector('.field')?.lastElementChild).toBe(line);
  });

  it('puts the error in that line, in place of the hint', () => {
    const { container, rerender } = renderField(undefined, '11 hane');
    const line = container.querySelector('.field__message');
    expect(line).toHaveTextContent('11 hane');
    rerender(
      <Field
        id="login-password"
        label="Şifre"
        error={{ type: 'required', message: 'validation.required' }}
        hint="11 hane"
      >
        <input id="login-password" />
      </Field>,
    );
    // The same element: the error takes the room kept for it.
    expect(container.querySelector('.field__message')).toBe(line);
    expect(screen.getByRole('alert')).toHaveTextContent('Bu alan zorunludur.');
    expect(line).not.toHaveTextContent('11 hane');
  });
});
