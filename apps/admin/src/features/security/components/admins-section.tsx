import type { AddAdminResponse, AdminUser } from '@memoir/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { Form, FormField } from '../../../shared/form-field';
import { Badge, ButtonRow, ListCard, Section } from '../../../shared/page';
import { queryKeys } from '../../../shared/query-keys';
import { useAddAdmin, useAdmins, useRemoveAdmin } from '../api/admins';

/**
 * The admins: each by name, add one (a temporary password shown once), remove one. The last
 * admin cannot be removed (the server answers 409), so no Remove is offered while only one is left.
 */
export function AdminsSection() {
  const admins = useAdmins();
  // Who is signed in, as the session feature keeps it (read from the cache, not imported).
  const me = useQueryClient().getQueryData<AdminUser | null>(queryKeys.session);
  const [added, setAdded] = useState<AddAdminResponse | null>(null);
  const add = useAddAdmin(setAdded);
  const remove = useRemoveAdmin();
  const [username, setUsername] = useState('');
  const list = admins.data?.admins ?? [];
  const onSubmit = () => {
    add.mutate(username.trim(), { onSuccess: () => setUsername('') });
  };
  return (
    <Section id="admins" title="Admins">
      {admins.isError ? <p role="alert">Could not load the admins.</p> : null}
      <ul className="cards admins">
        {list.map((admin) => (
          <ListCard key={admin.id} data-testid="admin">
            <p>
              <strong>
                <bdi>{admin.username}</bdi>
              </strong>
              {admin.id === me?.id ? <Badge>You</Badge> : null}
              {admin.twoFactorEnabled ? <Badge>Two-factor</Badge> : null}
            </p>
            {list.length <= 1 ? (
              <p className="hint">The only admin: add another before this one can be removed.</p>
            ) : (
              <button
                type="button"
                className="button button-ghost button-small"
                disabled={remove.isPending}
                onClick={() => {
                  if (window.confirm(`Remove the admin "${admin.username}"? Their sessions end at once.`)) {
                    remove.mutate(admin.id);
                  }
                }}
              >
                Remove
              </button>
            )}
          </ListCard>
        ))}
      </ul>
      {added !== null ? (
        <div className="recovery" role="status" data-testid="temporary-password">
          <p>
            <strong>
              Admin <bdi>{added.admin.username}</bdi> added.
            </strong>{' '}
            Their temporary password, shown this once: <code>{added.temporaryPassword}</code>. Give it to them
            privately; they should change it on their Security screen at their first sign-in.
          </p>
          <ButtonRow>
            <button type="button" className="button button-small" onClick={() => setAdded(null)}>
              Done
            </button>
          </ButtonRow>
        </div>
      ) : null}
      <Form onSubmit={onSubmit}>
        <FormField
          id="new-admin"
          label="New admin's username"
          autoComplete="off"
          value={username}
          onChange={setUsername}
        />
        <button type="submit" className="button" disabled={add.isPending || username.trim() === ''}>
          Add admin
        </button>
      </Form>
    </Section>
  );
}
