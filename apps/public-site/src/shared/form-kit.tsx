import { HONEYPOT_FIELD, TOASTS } from '@memoir/shared';
import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent, type ReactNode } from 'react';

import { HttpError, toast } from '@memoir/web-ui';

export type FieldErrors = Readonly<Record<string, string>>;

/** A form's fields by name, as the API takes them. */
export type FormFields = Record<string, string>;

/** Riddle answers are one short word, but a stray space or two must not cut the word short. */
export const RIDDLE_FIELD_MAX_LENGTH = 20;

interface FieldProps {
  readonly name: string;
  readonly label: string;
  readonly errors: FieldErrors;
  readonly maxLength: number;
  readonly required?: boolean;
  readonly type?: 'text' | 'email';
  readonly multiline?: boolean;
  readonly hint?: ReactNode;
  readonly autoComplete?: string;
}

/** A labelled field: its limit enforced as you type, its hint, and the server's message for it. */
export function Field({
  name,
  label,
  errors,
  maxLength,
  required,
  type = 'text',
  multiline,
  hint,
  autoComplete,
}: FieldProps) {
  const id = useId();
  const error = errors[name];
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    name,
    maxLength,
    required,
    autoComplete,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
  };
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        {required ? null : <span className="optional"> (optional)</span>}
      </label>
      {multiline ? <textarea rows={4} {...common} /> : <input type={type} {...common} />}
      {hint ? (
        <p className="hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field-error" id={`${id}-error`} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The riddle both forms end with, and the hidden honeypot beside it. */
export function RiddleField({
  riddle,
  errors,
}: {
  readonly riddle: { question: string; hint: string };
  readonly errors: FieldErrors;
}) {
  return (
    <>
      <Field
        name="riddleAnswer"
        label={`Riddle: ${riddle.question}`}
        errors={errors}
        maxLength={RIDDLE_FIELD_MAX_LENGTH}
        required
        autoComplete="off"
        hint={riddle.hint}
      />
      <Honeypot />
    </>
  );
}

/** The hidden field people never see and bots fill in (see HONEYPOT_FIELD). */
function Honeypot() {
  return (
    <div className="honeypot" aria-hidden="true">
      <label>
        Leave this empty
        <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" />
      </label>
    </div>
  );
}

interface SubmissionMessages {
  readonly success: { readonly title: string; readonly description: string };
  readonly failure: { readonly title: string; readonly fallback: string };
}

/**
 * Sends a form's fields with `submit` (a feature's API call). Success: the toast, a reset
 * form, and `onSuccess`. Refusal: the failure toast with the server's message, and each
 * field's message beside it. No connection: the network toast.
 */
export function useFormSubmission(
  submit: (fields: FormFields) => Promise<unknown>,
  messages: SubmissionMessages,
  onSuccess?: () => void,
) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const mutation = useMutation({ mutationFn: submit });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const fields: FormFields = {};
    new FormData(form).forEach((value, name) => {
      if (typeof value === 'string') fields[name] = value;
    });
    try {
      await mutation.mutateAsync(fields);
      setErrors({});
      form.reset();
      toast({ title: messages.success.title, description: messages.success.description });
      onSuccess?.();
    } catch (error) {
      if (error instanceof HttpError) {
        setErrors(error.body?.fieldErrors ?? {});
        toast({
          title: messages.failure.title,
          description: error.body?.error ?? messages.failure.fallback,
          variant: 'destructive',
        });
      } else {
        toast({ title: messages.failure.title, description: TOASTS.formNetworkError, variant: 'destructive' });
      }
    }
  };

  return { errors, submitting: mutation.isPending, onSubmit };
}
