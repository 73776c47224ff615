import { TOASTS } from '@memoir/shared';
import { postJson } from '@memoir/web-ui';

import { countEvent } from '../../../shared/count-event';
import { useFormSubmission, type FormFields } from '../../../shared/form-kit';

const requestScholarship = (fields: FormFields) => postJson('/api/scholarship-request', fields);

/** The free-PDF form's submission, with the spec's toasts. */
export const useRequestScholarship = () =>
  useFormSubmission(
    requestScholarship,
    { success: TOASTS.scholarshipSubmitted, failure: TOASTS.scholarshipFailed },
    () => countEvent('scholarship_requested'),
  );
