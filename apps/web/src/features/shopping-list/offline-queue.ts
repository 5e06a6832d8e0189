import type { Aisle, ShoppingItem } from '@forkful/contracts';
import { ApiError } from '@/lib/api-error';

/*
 * The shopping list's offline queue (docs/decisions/025). Every change to a line — tick, untick, a new line, an aisle,
 * a removal, clearing the ticked lines — is written here first (localStorage, one queue per user), shown at once on
 * top of the last list the server sent, and sent in the order it was made whenever the browser is online. Each send is
 * idempotent by the server's sync rules (contracts/shopping-list.ts): a new line carries a client-made uuid
 * (`clientId`) so a replay after a lost answer makes no second line; a PATCH sets only the fields it sends; a DELETE
 * that answers 404 is done. So a change is removed from the queue only after the server has answered it, and sending
 * one twice (a tab closed mid-request, two tabs) changes nothing.
 */

/** A line as the queue names it: by the server's id, or by the clientId of a line made offline not yet sent. */
export type LineRef = { id: string } | { clientId: string };

export type ShoppingChange =
  | { kind: 'create'; clientId: string; text: string; aisle?: Aisle | null }
  | { kind: 'update'; ref: LineRef; changes: { checked?: boolean; aisle?: Aisle | null; text?: string } }
  | { kind: 'remove'; ref: LineRef }
  | { kind: 'clear-checked' };

export interface QueueState {
  changes: ShoppingChange[];
  /** clientId → the server's id, for the lines made offline whose creation has been sent. */
  ids: Record<string, string>;
}

export interface ChangeSender {
  create: (body: { text: string; aisle?: Aisle | null; clientId: string }) => Promise<ShoppingItem>;
  update: (id: string, body: { checked?: boolean; aisle?: Aisle | null; text?: string }) => Promise<unknown>;
  remove: (id: string) => Promise<unknown>;
  clearChecked: () => Promise<unknown>;
}

/** What became of a change that was sent. */
export type SendOutcome =
  | { kind: 'done'; change: ShoppingChange; item?: ShoppingItem }
  /** The server refused it for good (a 4xx): it is dropped, and the user is told. */
  | { kind: 'refused'; change: ShoppingChange; error: ApiError };

const EMPTY: QueueState = { changes: [], ids: {} };
const keyOf = (userId: string) => `forkful-shopping-queue:${userId}`;

/** The id of an optimistic line made offline, until the server's answer replaces it. */
export const localId = (clientId: string) => `local-${clientId}`;

function read(userId: string): QueueState {
  try {
    const stored = localStorage.getItem(keyOf(userId));
    if (!stored) return EMPTY;
    const parsed = JSON.parse(stored) as Partial<QueueState>;
    return { changes: Array.isArray(parsed.changes) ? parsed.changes : [], ids: parsed.ids ?? {} };
  } catch {
    return EMPTY;
  }
}

function write(userId: string, state: QueueState): void {
  try {
    if (state.changes.length === 0) localStorage.removeItem(keyOf(userId));
    else localStorage.setItem(keyOf(userId), JSON.stringify(state));
  } catch {
    // Storage full or blocked: the queue still lives in memory for this tab.
  }
}

/** Retried later: no answer at all, the server busy or failing. Anything else in 4xx is final. */
function isTransient(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.statusCode === 0 || error.statusCode === 408 || error.statusCode === 429 || error.statusCode >= 500;
}

function matches(item: ShoppingItem, ref: LineRef, ids: Record<string, string>): boolean {
  if ('id' in ref) return item._id === ref.id;
  return item.clientId === ref.clientId || item._id === ids[ref.clientId] || item._id === localId(ref.clientId);
}

/** One change applied to a list, as the server will apply it: the optimistic view, and the cache after a send. */
export function applyChange(
  items: ShoppingItem[],
  change: ShoppingChange,
  ids: Record<string, string> = {},
  now = new Date().toISOString(),
): ShoppingItem[] {
  switch (change.kind) {
    case 'create':
      if (items.some((item) => item.clientId === change.clientId)) return items;
      return [
        ...items,
        {
          _id: localId(change.clientId),
          clientId: change.clientId,
          text: change.text.trim(),
          quantity: null,
          unit: null,
          food: null,
          aisle: change.aisle ?? null,
          checked: false,
          sources: [],
          createdAt: now,
          updatedAt: now,
        },
      ];
    case 'update':
      return items.map((item) => (matches(item, change.ref, ids) ? { ...item, ...change.changes } : item));
    case 'remove':
      return items.filter((item) => !matches(item, change.ref, ids));
    case 'clear-checked':
      return items.filter((item) => !item.checked);
  }
}

export function applyChanges(items: ShoppingItem[], state: QueueState): ShoppingItem[] {
  return state.changes.reduce((list, change) => applyChange(list, change, state.ids), items);
}

/**
 * One user's queue: a small store components subscribe to, kept in localStorage so a closed tab or a reload loses
 * nothing. `flush` sends the changes one at a time, oldest first, and stops at the first that cannot go now.
 */
export class ShoppingQueue {
  private state: QueueState;
  private listeners = new Set<() => void>();
  private flushing: Promise<void> | null = null;

  constructor(
    readonly userId: string,
    private readonly sender: ChangeSender,
  ) {
    this.state = read(userId);
  }

  getState = (): QueueState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private set(state: QueueState): void {
    this.state = state;
    write(this.userId, state);
    for (const listener of this.listeners) listener();
  }

  /** Another tab changed the queue (the storage event): take its version. */
  reload(): void {
    this.state = read(this.userId);
    for (const listener of this.listeners) listener();
  }

  add(change: ShoppingChange): void {
    this.set({ ...this.state, changes: [...this.state.changes, change] });
  }

  /** Sends what is queued; resolves when the queue is empty or a change must wait. Concurrent calls share one run. */
  flush(onSent: (outcome: SendOutcome) => void): Promise<void> {
    this.flushing ??= this.run(onSent).finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  private async run(onSent: (outcome: SendOutcome) => void): Promise<void> {
    for (;;) {
      const [change] = this.state.changes;
      if (!change) return;
      let outcome: SendOutcome;
      let ids = this.state.ids;
      try {
        const item = await this.send(change);
        if (change.kind === 'create' && item) ids = { ...ids, [change.clientId]: item._id };
        outcome = { kind: 'done', change, item };
      } catch (error) {
        if (isTransient(error)) return;
        const apiError = error as ApiError;
        // 404: the line is gone (removed on another device, or a line whose creation was refused): nothing to do.
        outcome =
          apiError.statusCode === 404 && change.kind !== 'create'
            ? { kind: 'done', change }
            : { kind: 'refused', change, error: apiError };
      }
      const rest = this.state.changes.slice(1);
      // The cache takes the change before the queue lets go of it, so the screen never shows the line without it.
      onSent(outcome);
      // The ids map only needs the lines later changes still name.
      this.set({ changes: rest, ids: rest.length === 0 ? {} : ids });
    }
  }

  private async send(change: ShoppingChange): Promise<ShoppingItem | undefined> {
    switch (change.kind) {
      case 'create':
        return this.sender.create({
          text: change.text,
          clientId: change.clientId,
          ...(change.aisle !== undefined ? { aisle: change.aisle } : {}),
        });
      case 'update':
        await this.sender.update(this.resolve(change.ref), change.changes);
        return undefined;
      case 'remove':
        await this.sender.remove(this.resolve(change.ref));
        return undefined;
      case 'clear-checked':
        await this.sender.clearChecked();
        return undefined;
    }
  }

  /** A line made offline is named by the id its creation got; if that creation was refused, the line never was. */
  private resolve(ref: LineRef): string {
    if ('id' in ref) return ref.id;
    const id = this.state.ids[ref.clientId];
    if (!id) throw new ApiError({ message: 'Shopping list line not found', statusCode: 404, reason: 'not sent' });
    return id;
  }

  private static registry = new Map<string, ShoppingQueue>();

  /** The one queue of a user in this tab. */
  static for(userId: string, sender: ChangeSender): ShoppingQueue {
    let queue = ShoppingQueue.registry.get(userId);
    if (!queue) {
      queue = new ShoppingQueue(userId, sender);
      ShoppingQueue.registry.set(userId, queue);
    }
    return queue;
  }

  /** Logout: the queued changes of whoever was signed in go with the session (docs/decisions/025). */
  static forgetAll(): void {
    ShoppingQueue.registry.clear();
    try {
      for (const key of Object.keys(localStorage))
        if (key.startsWith('forkful-shopping-queue:')) localStorage.removeItem(key);
    } catch {
      // Nothing stored.
    }
  }
}
