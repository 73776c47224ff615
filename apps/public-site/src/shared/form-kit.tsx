import {
  HONEYPOT_FIELD,
  READER_CONSENT_TEXTS,
  READER_CONSENT_VERSION,
  READER_LIMITS,
  READER_TEXTS,
  SCHOLARSHIP_LIMITS,
  TOASTS,
} from '@memoir/shared';
import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent, type ReactNode } from 'react';

import { HttpError, toast } from '@memoir/web-ui';

import { PRIVACY } from '../content';

export type FieldErrors = Readonly<Record<string, string>>;

/** A form's fields by name, as the API takes them: texts, and a ticked box as `true`. */
export type FormFields = Record<string, string | boolean>;

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

/** The ids of a field's hint and message, for aria-describedby (none: undefined). */
const notesOf = (id: string, hint: ReactNode, error: string | undefined): string | undefined =>
  [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;

/** What is said under a field: its hint, and the server's message for it. */
function FieldNotes({ id, hint, error }: { readonly id: string; readonly hint?: ReactNode; readonly error?: string }) {
  return (
    <>
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
    </>
  );
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
  const describedBy = notesOf(id, hint, error);
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
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}

/** A person's name and email address, as the free-PDF form and the prize claim ask them. */
export function NameAndEmail({ errors }: { readonly errors: FieldErrors }) {
  return (
    <>
      <Field
        name="name"
        label="Name"
        errors={errors}
        maxLength={SCHOLARSHIP_LIMITS.nameMaxLength}
        required
        autoComplete="name"
      />
      <Field
        name="email"
        label="Email"
        type="email"
        errors={errors}
        maxLength={SCHOLARSHIP_LIMITS.emailMaxLength}
        required
        autoComplete="email"
      />
    </>
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
export function Honeypot() {
  return (
    <div className="honeypot" aria-hidden="true">
      <label>
        Leave this empty
        <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" />
      </label>
    </div>
  );
}

interface ToastText {
  readonly title: string;
  readonly description: string;
}

interface SubmissionMessages<TResult> {
  /** The toast of a success: fixed, or from the server's answer. */
  readonly success: ToastText | ((result: TResult) => ToastText);
  readonly failure: { readonly title: string; readonly fallback: string };
}

/**
 * Sends a form's fields with `submit` (a feature's API call; the fields are named as the
 * body's, and the server checks them). Success: a reset form, the toast, and `onSuccess`.
 * Refusal: the failure toast with the server's message, and each field's message beside it.
 * No connection: the network toast.
 */
export function useFormSubmission<TBody, TResult>(
  submit: (body: TBody) => Promise<TResult>,
  messages: SubmissionMessages<TResult>,
  onSuccess?: (result: TResult) => void,
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
    // A ticked box is sent as true (FormData holds only ticked ones); an unticked one not at all.
    for (const box of form.querySelectorAll<HTMLInputElement>('input[type="checkbox"][name]')) {
      if (box.checked) fields[box.name] = true;
    }
    try {
      const result = await mutation.mutateAsync(fields as TBody);
      setErrors({});
      form.reset();
      const { success } = messages;
      toast(typeof success === 'function' ? success(result) : success);
      onSuccess?.(result);
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

/** A form's send button: disabled, and saying so, while the form is being sent. */
export function SendButton(props: {
  readonly submitting: boolean;
  readonly text: string;
  readonly sendingText: string;
}) {
  return (
    <button type="submit" className="button" disabled={props.submitting}>
      {props.submitting ? props.sendingText : props.text}
    </button>
  );
}

/** The line under a form that collects personal data: why, and the link to the privacy notice. */
export function PrivacyNote({ note }: { readonly note: string }) {
  return (
    <p className="form-privacy">
      {note} <a href={PRIVACY.href}>{PRIVACY.label}</a>
    </p>
  );
}

interface CheckBoxProps {
  readonly name: string;
  readonly label: string;
  readonly errors: FieldErrors;
  readonly hint?: string;
  readonly required?: boolean;
  readonly onChange?: (checked: boolean) => void;
}

/** A box to tick, unticked at first: its words are its label, the server's message beside it. */
export function CheckBox({ name, label, errors, hint, required, onChange }: CheckBoxProps) {
  const id = useId();
  const error = errors[name];
  const describedBy = notesOf(id, hint, error);
  return (
    <div className="field check">
      <input
        type="checkbox"
        id={id}
        name={name}
        value="true"
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => onChange?.(event.currentTarget.checked)}
      />
      <label htmlFor={id}>{label}</label>
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}

/** The words of the box a reader ticks for news: the version the server keeps with them. */
export const NEWS_BOX = READER_CONSENT_TEXTS[READER_CONSENT_VERSION] ?? '';

/**
 * "Email me when there is news about the book", unticked, never a condition of what the form
 * is for; with `email`, the address field it needs shows while it is ticked (the guestbook).
 */
export function NewsBox({ errors, withEmail = false }: { readonly errors: FieldErrors; readonly withEmail?: boolean }) {
  const [ticked, setTicked] = useState(false);
  return (
    <>
      <CheckBox
        name="subscribe"
        label={NEWS_BOX}
        hint={READER_TEXTS.notACondition}
        errors={errors}
        onChange={setTicked}
      />
      {withEmail && ticked ? (
        <Field
          name="email"
          label="Email for the news"
          type="email"
          errors={errors}
          maxLength={READER_LIMITS.emailMaxLength}
          required
          autoComplete="email"
        />
      ) : null}
    </>
  );
}
