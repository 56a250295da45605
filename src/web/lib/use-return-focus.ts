import * as React from 'react';

/**
 * For dialogs opened from state rather than a `DialogTrigger` (from a menu item, a table row,
 * a URL): Radix then has no trigger to send focus back to, and focus falls to <body>. This
 * remembers what had focus when the dialog opened and returns focus there when it closes.
 *
 *   const returnFocus = useReturnFocus(open);
 *   <DialogContent onCloseAutoFocus={returnFocus}>
 */
export function useReturnFocus(open: boolean): (event: Event) => void {
  const previous = React.useRef<HTMLElement | null>(null);

  React.useLayoutEffect(() => {
    if (open) {
      const active = document.activeElement;
      previous.current = active instanceof HTMLElement && active !== document.body ? active : null;
    }
  }, [open]);

  return React.useCallback((event: Event) => {
    const element = previous.current;
    previous.current = null;
    if (element && element.isConnected) {
      event.preventDefault();
      element.focus();
    }
  }, []);
}
