import type { ShoppingItem } from '@forkful/contracts';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useDispatch } from 'react-redux';
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { isOnline, useOnline } from '@/lib/online-status';
import { useSession } from '@/lib/session';
import { applyChange, applyChanges, ShoppingQueue, type SendOutcome, type ShoppingChange } from './offline-queue';
import { sendShoppingChange, shoppingListApi, useGetShoppingListQuery } from './shopping-list-api';

const NOBODY = { changes: [], ids: {} };
const noQueue = { subscribe: () => () => undefined, getState: () => NOBODY };

function describe(change: ShoppingChange): string {
  if (change.kind === 'create') return `'${change.text}' could not be added`;
  if (change.kind === 'clear-checked') return 'The ticked lines could not be cleared';
  return 'A change to a line could not be saved';
}

/**
 * The shopping list as the user sees it: the server's last answer with the changes still queued applied on top, and
 * the calls that change it. Changes are queued, shown at once, and sent when the browser is online.
 */
export function useShoppingList() {
  const { user } = useSession();
  const userId = user?._id;
  const queue = useMemo(() => (userId ? ShoppingQueue.for(userId, sendShoppingChange) : null), [userId]);
  const queueState = useSyncExternalStore((queue ?? noQueue).subscribe, (queue ?? noQueue).getState);
  const online = useOnline();
  // The cache's thunks are typed by the api slice's root state, which lib's AppDispatch does not name (lib never
  // imports the app layer's store type).
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const dispatch = useDispatch<ThunkDispatch<any, unknown, UnknownAction>>();
  const list = useGetShoppingListQuery(undefined, { skip: !userId, refetchOnMountOrArgChange: true });
  const [refused, setRefused] = useState<string | null>(null);

  const onSent = useCallback(
    (outcome: SendOutcome) => {
      if (outcome.kind === 'refused') {
        setRefused(`${describe(outcome.change)}: ${outcome.error.reason}`);
        return;
      }
      const { change, item } = outcome;
      dispatch(
        shoppingListApi.util.updateQueryData('getShoppingList', undefined, (draft) => {
          const next: ShoppingItem[] =
            change.kind === 'create' && item
              ? [...draft.items.filter((line) => line.clientId !== change.clientId), item]
              : applyChange(draft.items, change, queue?.getState().ids);
          draft.items = next;
        }),
      );
    },
    [dispatch, queue],
  );

  const flush = useCallback(() => {
    if (!queue || !isOnline() || queue.getState().changes.length === 0) return;
    void queue.flush(onSent).then(() => {
      // What other devices changed meanwhile, and the server's own reading of the new lines.
      if (queue.getState().changes.length === 0) dispatch(shoppingListApi.util.invalidateTags(['ShoppingList']));
    });
  }, [queue, onSent, dispatch]);

  // Sent now, when the network comes back, and when another tab queued something while this one is open.
  useEffect(() => {
    if (!queue) return;
    flush();
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key.startsWith('forkful-shopping-queue:')) queue.reload();
    };
    window.addEventListener('online', flush);
    window.addEventListener('storage', onStorage);
    // A server that was failing (5xx) is tried again every half minute while changes wait.
    const retry = window.setInterval(flush, 30_000);
    return () => {
      window.removeEventListener('online', flush);
      window.removeEventListener('storage', onStorage);
      window.clearInterval(retry);
    };
  }, [queue, flush]);

  const change = useCallback(
    (next: ShoppingChange) => {
      if (!queue) return;
      setRefused(null);
      queue.add(next);
      flush();
    },
    [queue, flush],
  );

  const items = useMemo(() => applyChanges(list.data?.items ?? [], queueState), [list.data, queueState]);
  return {
    items,
    loaded: list.data !== undefined,
    isLoading: list.isLoading,
    error: list.data ? undefined : list.error,
    refetch: list.refetch,
    pending: queueState.changes.length,
    online,
    refused,
    dismissRefused: () => setRefused(null),
    change,
  };
}
