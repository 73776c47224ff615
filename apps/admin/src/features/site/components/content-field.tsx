import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';

import { fieldId } from '../utils/field-paths';
import { textLength } from '../utils/text-length';

/** The last save's messages by content path ("themes[1].title"), for each field to show its own. */
export const FieldErrorsContext = createContext<Readonly<Record<string, string>>>({});

/** The ids a control's description points to: its hint (with the limit), then its error. */
const describedBy = (id: string, hasHint: boolean, error: string | undefined) =>
  [hasHint ? `${id}-hint` : null, error === undefined ? null : `${id}-error`].filter(Boolean).join(' ') || undefined;

function FieldMessages(props: { readonly id: string; readonly hint: ReactNode; readonly error: string | undefined }) {
  return (
    <>
      {props.hint === null ? null : (
        <p id={`${props.id}-hint`} className="hint">
          {props.hint}
        </p>
      )}
      {props.error === undefined ? null : (
        <p id={`${props.id}-error`} className="field-error">
          {props.error}
        </p>
      )}
    </>
  );
}

/** "47 of 200 characters", and how many too many once past the limit. */
function LimitText({ value, limit }: { readonly value: string; readonly limit: number }) {
  const used = textLength(value);
  return used > limit ? (
    <span className="hint-error">
      {used} of {limit} characters: {used - limit} too many
    </span>
  ) : (
    <span>
      {used} of {limit} characters
    </span>
  );
}

/**
 * A text of the content, labelled, with its limit under it and the last save's message for it.
 * Its id comes from its path, so a 400's message finds it and focus can go to it.
 */
export function TextField(props: {
  readonly path: string;
  readonly label: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly limit: number;
  /** Rows of a multi-line text; absent for a one-line field. */
  readonly rows?: number;
  readonly type?: 'text' | 'url';
  /** Shown before the limit: what the field does, what an empty one means. */
  readonly hint?: ReactNode;
}) {
  const id = fieldId(props.path);
  const error = useContext(FieldErrorsContext)[props.path];
  const control = {
    id,
    value: props.value,
    // The owner may write in a right-to-left script: each text takes its own direction.
    dir: 'auto',
    'aria-describedby': describedBy(id, true, error),
    'aria-invalid': error === undefined ? undefined : true,
  } as const;
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      {props.rows === undefined ? (
        <input
          {...control}
          type={props.type ?? 'text'}
          spellCheck={props.type !== 'url'}
          onChange={(event) => props.onChange(event.target.value)}
        />
      ) : (
        <textarea {...control} rows={props.rows} onChange={(event) => props.onChange(event.target.value)} />
      )}
      <FieldMessages
        id={id}
        error={error}
        hint={
          <>
            {props.hint === undefined ? null : <>{props.hint} </>}
            <LimitText value={props.value} limit={props.limit} />
          </>
        }
      />
    </div>
  );
}

/** A choice from a fixed list (a buy link's format, a social link's network). */

/** A text field of one part of the content (the content itself, a theme, a buy link…), bound by its name. */
export function PartField<T extends object, K extends keyof T & string>(
  props: Omit<Parameters<typeof TextField>[0], 'path' | 'value' | 'onChange'> & {
    /** The part's path in the content ("themes[1]"); '' for the content itself. */
    readonly at: string;
    readonly part: T;
    readonly field: K;
    /** Changes the part (as `edit` changes the content: from its latest state). */
    readonly update: (change: (part: T) => T) => void;
  },
) {
  const { at, part, field, update, ...text } = props;
  return (
    <TextField
      {...text}
      path={at === '' ? field : `${at}.${field}`}
      value={String(part[field])}
      onChange={(value) => update((latest) => ({ ...latest, [field]: value }))}
    />
  );
}

export function ChoiceField<T extends string>(props: {
  readonly path: string;
  readonly label: string;
  readonly value: T;
  readonly options: readonly T[];
  readonly optionLabel: (option: T) => string;
  readonly onChange: (value: T) => void;
}) {
  const id = fieldId(props.path);
  const error = useContext(FieldErrorsContext)[props.path];
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      <select
        id={id}
        value={props.value}
        aria-describedby={describedBy(id, false, error)}
        aria-invalid={error === undefined ? undefined : true}
        onChange={(event) =>
          props.onChange(props.options.find((option) => option === event.target.value) ?? props.value)
        }
      >
        {props.options.map((option) => (
          <option key={option} value={option}>
            {props.optionLabel(option)}
          </option>
        ))}
      </select>
      <FieldMessages id={id} error={error} hint={null} />
    </div>
  );
}

/**
 * A whole year. Typed as text so a half-typed year can stand on the screen; the content takes
 * it once it is a number (the server judges the range and says so here).
 */
export function YearField(props: {
  readonly path: string;
  readonly label: string;
  readonly value: number;
  readonly min: number;
  readonly max: number;
  readonly onChange: (value: number) => void;
}) {
  const id = fieldId(props.path);
  const error = useContext(FieldErrorsContext)[props.path];
  const [text, setText] = useState(String(props.value));
  // The draft replaced from outside (loaded again, a version restored): show its year.
  useEffect(() => {
    setText((shown) => (Number(shown) === props.value ? shown : String(props.value)));
  }, [props.value]);
  return (
    <div className="field field-short">
      <label htmlFor={id}>{props.label}</label>
      <input
        id={id}
        inputMode="numeric"
        value={text}
        aria-describedby={describedBy(id, true, error)}
        aria-invalid={error === undefined ? undefined : true}
        onChange={(event) => {
          const typed = event.target.value.trim();
          setText(event.target.value);
          if (/^\d{1,4}$/.test(typed)) props.onChange(Number(typed));
        }}
      />
      <FieldMessages
        id={id}
        error={error}
        hint={`A year from ${props.min} to ${props.max}, shown as "© ${props.value}" in the footer.`}
      />
    </div>
  );
}

/** The message about a list or a group as a whole (too many links), at its top; focusable, as a field is. */
export function GroupError({ path }: { readonly path: string }) {
  const error = useContext(FieldErrorsContext)[path];
  return error === undefined ? null : (
    <p id={fieldId(path)} className="field-error" tabIndex={-1}>
      {error}
    </p>
  );
}
