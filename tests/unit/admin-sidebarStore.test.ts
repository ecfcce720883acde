import { localStorageStore } from 'ra-core';
import { describe, expect, it } from 'vitest';
import { STORE_APP_KEY, storedSidebarOpen } from '../../src/admin/layout/sidebarStore';

describe('the menu state the back-office shell reads before react-admin loads', () => {
  it("reads what react-admin's store wrote, where it writes it", () => {
    const store = localStorageStore(undefined, STORE_APP_KEY);
    store.setup();
    expect(storedSidebarOpen()).toBeUndefined();
    store.setItem('sidebar.open', false);
    expect(storedSidebarOpen()).toBe(false);
    store.setItem('sidebar.open', true);
    expect(storedSidebarOpen()).toBe(true);
    store.teardown();
  });

  it('takes a value it cannot read as never set', () => {
    localStorage.setItem(`RaStore${STORE_APP_KEY}.sidebar.open`, '{not json');
    expect(storedSidebarOpen()).toBeUndefined();
  });
});
