import { api } from '@memoir/web-ui';

import { useChange } from '../../../shared/use-change';
import { ACCOUNT_CHANGED, failed } from './security';

/** A new secret for the authenticator app: off until `useConfirmTwoFactor` gets a first code. */
export const useStartTwoFactor = () =>
  useChange({ run: () => api.call('startTwoFactor'), failed: failed('Could not set up two-factor sign-in') });

/** `onCodes` gets the recovery codes before the screen learns that two-factor is on. */
export const useConfirmTwoFactor = (onCodes: (codes: string[]) => void) =>
  useChange({
    run: (code: string) => api.call('confirmTwoFactor', { body: { code } }),
    then: ({ recoveryCodes }) => onCodes([...recoveryCodes]),
    done: { title: 'Two-factor sign-in is on', description: 'Keep the recovery codes somewhere safe.' },
    failed: failed('Two-factor sign-in is not on'),
    refresh: ACCOUNT_CHANGED,
  });

export const useDisableTwoFactor = () =>
  useChange({
    run: (password: string) => api.call('disableTwoFactor', { body: { password } }),
    done: { title: 'Two-factor sign-in is off', description: 'Sign-in asks for the password only.' },
    failed: failed('Could not turn two-factor sign-in off'),
    refresh: ACCOUNT_CHANGED,
  });
