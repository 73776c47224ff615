import { useId, useState, type FormEvent } from 'react';

export interface FilterChoice<T extends string> {
  readonly value: T;
  readonly label: string;
}

/**
 * A list's search box and its class (or status) filter. The filter applies as soon as it
 * changes; the search when submitted (Enter or Search). What is applied lives in the URL, so
 * the box follows it: Back and Forward show the search they return to.
 */
export function ListFilters<T extends string>(props: {
  /** "entries", "requests": the search box's label says what it searches. */
  readonly what: string;
  readonly q: string | undefined;
  readonly filterLabel: string;
  readonly filter: T | undefined;
  readonly choices: readonly FilterChoice<T>[];
  readonly onApply: (next: { readonly q: string | undefined; readonly filter: T | undefined }) => void;
}) {
  const id = useId();
  const [q, setQ] = useState(props.q ?? '');
  // The applied search changed under the form (Back, Clear filters): the box shows it.
  const [applied, setApplied] = useState(props.q);
  if (applied !== props.q) {
    setApplied(props.q);
    setQ(props.q ?? '');
  }
  const apply = (filter: T | undefined) => props.onApply({ q: q.trim() === '' ? undefined : q.trim(), filter });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    apply(props.filter);
  };
  const active = props.q !== undefined || props.filter !== undefined;
  return (
    <form role="search" className="filters" onSubmit={onSubmit}>
      <div className="filter">
        <label htmlFor={`${id}-q`}>Search {props.what}</label>
        <input id={`${id}-q`} type="search" value={q} onChange={(event) => setQ(event.target.value)} />
      </div>
      <div className="filter">
        <label htmlFor={`${id}-filter`}>{props.filterLabel}</label>
        <select
          id={`${id}-filter`}
          value={props.filter ?? ''}
          onChange={(event) => apply(props.choices.find((choice) => choice.value === event.target.value)?.value)}
        >
          <option value="">All</option>
          {props.choices.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
      </div>
      <div className="actions">
        <button type="submit" className="button button-small">
          Search
        </button>
        {active ? (
          <button
            type="button"
            className="button button-ghost button-small"
            onClick={() => props.onApply({ q: undefined, filter: undefined })}
          >
            Clear filters
          </button>
        ) : null}
      </div>
    </form>
  );
}
