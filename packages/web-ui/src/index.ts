export * from './api';
export { toast, type ToastInput } from './toast';
export { AppShell } from './app-shell';
export { useWanted, whenWanted } from './when-wanted';
export { NotFoundScreen } from './not-found';
export { serverMessage, toastFailure } from './failure';
export { mailtoHref } from './mailto';
export * from './icons';
