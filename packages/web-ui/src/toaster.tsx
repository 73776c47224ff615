import * as ToastPrimitive from '@radix-ui/react-toast';
import { TOAST_DURATION_MS, TOAST_HOTKEY, TOAST_SWIPE_THRESHOLD } from '@memoir/shared';
import { useSyncExternalStore } from 'react';

import { CloseIcon } from './icons';
import { currentToasts, dismiss, subscribe } from './toast';

/** Radix toasts with the spec's constants: 5000 ms, swipe right, F8 to reach the viewport. */
export function Toaster() {
  const items = useSyncExternalStore(subscribe, currentToasts, currentToasts);
  return (
    <ToastPrimitive.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={TOAST_SWIPE_THRESHOLD}>
      {items.map((item) => (
        <ToastPrimitive.Root
          key={item.id}
          open={item.open}
          onOpenChange={(open) => {
            if (!open) dismiss(item.id);
          }}
          className={`toast ${item.variant === 'destructive' ? 'toast-destructive' : ''}`}
        >
          <ToastPrimitive.Title className="toast-title">{item.title}</ToastPrimitive.Title>
          {item.description ? (
            <ToastPrimitive.Description className="toast-description">{item.description}</ToastPrimitive.Description>
          ) : null}
          <ToastPrimitive.Close className="toast-close" aria-label="Close">
            <CloseIcon />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport className="toast-viewport" hotkey={[...TOAST_HOTKEY]} />
    </ToastPrimitive.Provider>
  );
}
