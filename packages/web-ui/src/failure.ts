import { HttpError } from './api';
import { toast } from './toast';

/** The destructive toast of a failed update: the server's message, or the fallback. */
export function toastFailure(error: unknown, failure: { readonly title: string; readonly fallback: string }): void {
  const description = error instanceof HttpError ? (error.body?.error ?? failure.fallback) : failure.fallback;
  toast({ title: failure.title, description, variant: 'destructive' });
}
