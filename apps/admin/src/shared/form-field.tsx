import { SCREEN_TEXTS } from '@memoir/shared';
import type { FormHTMLAttributes, InputHTMLAttributes, ReactNode } from 'react';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange' | 'children' | 'required'>;

/** A form of the admin app, sent by the app (the browser's own submit is prevented). */
export function Form({
  onSubmit,
  ...form
}: Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit' | 'className'> & { readonly onSubmit: () => void }) {
  return (
    <form
      className="form"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
      {...form}
    />
  );
}

/**
 * A labelled text field of the admin's forms (each one required), its value held by the form.
 * A `hint` under it is what the field's description reads out; `hintError` shows it as an error.
 */
export function FormField({
  id,
  label,
  value,
  onChange,
  hint,
  hintError = false,
  ...input
}: InputProps & {
  readonly id: string;
  readonly label: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly hint?: ReactNode;
  readonly hintError?: boolean;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        required
        value={value}
        onChange={(event) => onChange(event.target.value)}
        {...(hint ? { 'aria-describedby': `${id}-hint` } : {})}
        {...input}
      />
      {hint ? (
        <p id={`${id}-hint`} className={hintError ? 'hint hint-error' : 'hint'}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** A form's main button: disabled while it is sent (or cannot be), and saying so while it is sent. */
export function SubmitButton(props: { readonly sending: boolean; readonly ready: boolean; readonly text: string }) {
  return (
    <button type="submit" className="button" disabled={props.sending || !props.ready}>
      {props.sending ? SCREEN_TEXTS.submitting : props.text}
    </button>
  );
}
