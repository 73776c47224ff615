import { api } from '@memoir/web-ui';

import { useSecurityChange } from './security';

/** A new secret for the authenticator app: off until `useConfirmTwoFactor` gets a first code. */
export const useStartTwoFactor = () =>
  useSecurityChange({
    run: () => api.call('startTwoFactor'),
    failed: 'Could not set up two-factor sign-in',
    // Nothing has changed yet: two-factor is still off.
    refresh: [],
  });

/** `onCodes` gets the recovery codes before the screen learns that two-factor is on. */
export const useConfirmTwoFactor = (onCodes: (codes: string[]) => void) =>
  useSecurityChange({
    run: (code: string) => api.call('confirmTwoFactor', { body: { code } }),
    then: ({ recoveryCodes }) => onCodes([...recoveryCodes]),
    done: { title: 'Two-factor sign-in is on', description: 'Keep the recovery codes somewhere safe.' },
    failed: 'Two-factor sign-in is not on',
  });

export const useDisableTwoFactor = () =>
  useSecurityChange({
    run: (password: string) => api.call('disableTwoFactor', { body: { password } }),
    done: { title: 'Two-factor sign-in is off', description: 'Sign-in asks for the password only.' },
    failed: 'Could not turn two-factor sign-in off',
  });
