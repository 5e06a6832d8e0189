import { useCallback, useSyncExternalStore } from 'react';
import { isUnitSystem, type UnitSystem } from './unit-system';

const STORAGE_KEY = 'forkful-units';
const listeners = new Set<() => void>();
/** The choice of this page's life, for a browser that refuses storage. */
let chosen: UnitSystem | null = null;

function read(): UnitSystem {
  try {
    const saved = localStorage.getItem(STORAGE_KEY);
    return isUnitSystem(saved) ? saved : 'original';
  } catch {
    // Storage refused (private mode, blocked cookies): the choice lasts as long as the page.
    return chosen ?? 'original';
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab's choice applies here too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/**
 * The reader's unit system, remembered in this browser. The server cannot know it, so a page it drew shows the
 * quantities as written and switches once the browser has adopted the page (decision 014).
 */
export function useUnitSystem(): [UnitSystem, (system: UnitSystem) => void] {
  const system = useSyncExternalStore(subscribe, read, () => 'original' as const);
  const choose = useCallback((next: UnitSystem) => {
    chosen = next;
    try {
      localStorage.setItem(STORAGE_KEY, next);
    } catch {
      // Not remembered across pages; `chosen` still applies it to this one.
    }
    for (const listener of listeners) listener();
  }, []);
  return [system, choose];
}
