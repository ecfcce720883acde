import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';

const menuItems = (menu: HTMLElement | null) =>
  Array.from(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

/**
 * A drop-down menu's state and keyboard pattern: opening puts focus on the first item; arrow keys,
 * Home and End move between items; Escape closes and gives focus back to the button; Tab or a
 * pointer press elsewhere closes. Spread `buttonProps` on the button and `menuProps` on the
 * role="menu" element.
 */
export function useDropdownMenu() {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const menuId = useId();
  const buttonId = useId();

  useEffect(() => {
    if (!open) return;
    menuItems(menuRef.current)[0]?.focus();
    const closeOutside = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [open]);

  /** Closes the menu; `refocus` gives focus back to its button. */
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) buttonRef.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const items = menuItems(menuRef.current);
    const current = items.indexOf(document.activeElement as HTMLElement);
    const focusAt = (index: number) => {
      event.preventDefault();
      items[(index + items.length) % items.length]?.focus();
    };
    if (event.key === 'ArrowDown') focusAt(current + 1);
    else if (event.key === 'ArrowUp') focusAt(current - 1);
    else if (event.key === 'Home') focusAt(0);
    else if (event.key === 'End') focusAt(items.length - 1);
    else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') close(false);
  };

  return {
    open,
    close,
    buttonRef,
    buttonProps: {
      id: buttonId,
      ref: buttonRef,
      onClick: () => setOpen((wasOpen) => !wasOpen),
      'aria-haspopup': 'menu' as const,
      'aria-expanded': open,
      'aria-controls': open ? menuId : undefined,
    },
    menuProps: { id: menuId, ref: menuRef, role: 'menu', 'aria-labelledby': buttonId, onKeyDown },
  };
}
