import { TOASTS, type SubmitScholarshipBody } from '@memoir/shared';
import { api } from '@memoir/web-ui';

import { countEvent } from '../../../shared/count-event';
import { useFormSubmission } from '../../../shared/form-kit';

const requestScholarship = (body: SubmitScholarshipBody) => api.call('submitScholarshipRequest', { body });

/** The free-PDF form's submission, with the spec's toasts. */
export const useRequestScholarship = () =>
  useFormSubmission(
    requestScholarship,
    { success: TOASTS.scholarshipSubmitted, failure: TOASTS.scholarshipFailed },
    () => countEvent('scholarship_requested'),
  );
