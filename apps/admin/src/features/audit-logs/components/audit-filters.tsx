import { AUDIT_ACTIONS, AUDIT_RESOURCE_TYPES } from '@memoir/shared';
import { useId, useState, type FormEvent } from 'react';

import { definedOnly } from '../../../shared/list-search';
import { parseAuditLogSearch, type AuditLogSearch } from '../utils/audit-search';
import { ACTION_LABELS, resourceLabel } from '../utils/audit-format';

interface Draft {
  readonly action: string;
  readonly resourceType: string;
  readonly actor: string;
  readonly from: string;
  readonly to: string;
  readonly q: string;
}

const draftOf = (search: AuditLogSearch): Draft => ({
  action: search.action ?? '',
  resourceType: search.resourceType ?? '',
  actor: search.actor ?? '',
  from: search.from ?? '',
  to: search.to ?? '',
  q: search.q ?? '',
});

/**
 * The audit log's filters: action, resource type, who acted, from and to (days, both included)
 * and text. They apply together (Apply filters, or Enter in a field) and go in the URL.
 */
export function AuditFilters(props: {
  readonly search: AuditLogSearch;
  readonly onApply: (search: AuditLogSearch) => void;
}) {
  const id = useId();
  const [draft, setDraft] = useState<Draft>(() => draftOf(props.search));
  // The applied filters changed under the form (Back, Clear filters): the fields show them.
  const appliedNow = JSON.stringify(props.search);
  const [applied, setApplied] = useState(appliedNow);
  if (applied !== appliedNow) {
    setApplied(appliedNow);
    setDraft(draftOf(props.search));
  }
  const set = (field: keyof Draft) => (event: { target: { value: string } }) =>
    setDraft({ ...draft, [field]: event.target.value });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    props.onApply(parseAuditLogSearch({ ...draft }));
  };
  const active = Object.keys(definedOnly(props.search)).length > 0;
  return (
    <form role="search" aria-label="Filter the audit log" className="filters filters-wide" onSubmit={onSubmit}>
      <div className="filter">
        <label htmlFor={`${id}-action`}>Action</label>
        <select id={`${id}-action`} value={draft.action} onChange={set('action')}>
          <option value="">All</option>
          {AUDIT_ACTIONS.map((action) => (
            <option key={action} value={action}>
              {ACTION_LABELS[action]}
            </option>
          ))}
        </select>
      </div>
      <div className="filter">
        <label htmlFor={`${id}-resource`}>Resource type</label>
        <select id={`${id}-resource`} value={draft.resourceType} onChange={set('resourceType')}>
          <option value="">All</option>
          {AUDIT_RESOURCE_TYPES.map((type) => (
            <option key={type} value={type}>
              {resourceLabel(type)}
            </option>
          ))}
        </select>
      </div>
      <div className="filter">
        <label htmlFor={`${id}-actor`}>Admin (username)</label>
        <input id={`${id}-actor`} value={draft.actor} autoComplete="off" onChange={set('actor')} />
      </div>
      <div className="filter">
        <label htmlFor={`${id}-from`}>From</label>
        <input id={`${id}-from`} type="date" value={draft.from} max={draft.to || undefined} onChange={set('from')} />
      </div>
      <div className="filter">
        <label htmlFor={`${id}-to`}>To</label>
        <input id={`${id}-to`} type="date" value={draft.to} min={draft.from || undefined} onChange={set('to')} />
      </div>
      <div className="filter">
        <label htmlFor={`${id}-q`}>Search details</label>
        <input id={`${id}-q`} type="search" value={draft.q} onChange={set('q')} />
      </div>
      <div className="actions">
        <button type="submit" className="button button-small">
          Apply filters
        </button>
        {active ? (
          <button type="button" className="button button-ghost button-small" onClick={() => props.onApply({})}>
            Clear filters
          </button>
        ) : null}
      </div>
    </form>
  );
}
