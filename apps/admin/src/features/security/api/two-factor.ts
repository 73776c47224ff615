import { TOASTS, type RecoveryCodesResponse, type TwoFactorSetupResponse } from '@memoir/shared';
import { apiRequest, postJson, toast, toastFailure } from '@memoir/web-ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { queryKeys } from '../../../shared/query-keys';

function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.security }),
      queryClient.invalidateQueries({ queryKey: queryKeys.auditLogs }),
    ]);
}

/** A new secret for the authenticator app: off until `useConfirmTwoFactor` gets a first code. */
export function useStartTwoFactor() {
  return useMutation({
    mutationFn: () => postJson<TwoFactorSetupResponse>('/api/admin/security/two-factor', {}),
    onError: (error) =>
      toastFailure(error, { title: 'Could not set up two-factor sign-in', fallback: TOASTS.networkError }),
  });
}

/** `onCodes` gets the recovery codes before the screen learns that two-factor is on. */
export function useConfirmTwoFactor(onCodes: (codes: string[]) => void) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (code: string) => postJson<RecoveryCodesResponse>('/api/admin/security/two-factor/confirm', { code }),
    onSuccess: async ({ recoveryCodes }) => {
      onCodes([...recoveryCodes]);
      toast({ title: 'Two-factor sign-in is on', description: 'Keep the recovery codes somewhere safe.' });
      await refresh();
    },
    onError: (error) => toastFailure(error, { title: 'Two-factor sign-in is not on', fallback: TOASTS.networkError }),
  });
}

export function useDisableTwoFactor() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (password: string) =>
      apiRequest<{ success: true }>('DELETE', '/api/admin/security/two-factor', { password }),
    onSuccess: async () => {
      toast({ title: 'Two-factor sign-in is off', description: 'Sign-in asks for the password only.' });
      await refresh();
    },
    onError: (error) =>
      toastFailure(error, { title: 'Could not turn two-factor sign-in off', fallback: TOASTS.networkError }),
  });
}
