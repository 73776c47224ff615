export * from './api';
export { toast, type ToastInput } from './toast';
// The Radix view is imported lazily by each app: import('@memoir/web-ui/toaster').
export { NotFoundScreen } from './not-found';
export { toastFailure } from './failure';
