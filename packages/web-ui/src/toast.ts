import { TOAST_LIMIT, TOAST_REMOVE_DELAY_MS } from '@memoir/shared';

export interface ToastInput {
  readonly title: string;
  readonly description?: string;
  readonly variant?: 'default' | 'destructive';
}

export interface ToastItem extends ToastInput {
  readonly id: number;
  readonly open: boolean;
}

// One store for the page: at most TOAST_LIMIT toasts; a dismissed one is removed after the delay.
let toasts: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

export function toast(input: ToastInput): void {
  toasts = [{ ...input, id: nextId++, open: true }, ...toasts].slice(0, TOAST_LIMIT);
  emit();
}

export function dismiss(id: number): void {
  toasts = toasts.map((item) => (item.id === id ? { ...item, open: false } : item));
  emit();
  setTimeout(() => {
    toasts = toasts.filter((item) => item.id !== id);
    emit();
  }, TOAST_REMOVE_DELAY_MS);
}

export function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const currentToasts = (): ToastItem[] => toasts;

/** Whether any toast was ever asked for on this page (the toasts' view must then be there). */
export const anyToastAsked = (): boolean => nextId > 1;
