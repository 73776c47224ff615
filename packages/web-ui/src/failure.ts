import { HttpError } from './api';
import { toast } from './toast';

/** The server's own message in a refusal (`{ error }`), or null when it sent none or nothing came back. */
export function serverMessage(error: unknown): string | null {
  return error instanceof HttpError ? (error.body?.error ?? null) : null;
}

/** The destructive toast of a failed update: the server's message, or the fallback. */
export function toastFailure(error: unknown, failure: { readonly title: string; readonly fallback: string }): void {
  toast({ title: failure.title, description: serverMessage(error) ?? failure.fallback, variant: 'destructive' });
}
