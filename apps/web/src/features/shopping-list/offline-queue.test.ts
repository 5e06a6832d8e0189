import type { ShoppingItem } from '@forkful/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { makeShoppingItem } from '@/test/factories';
import { applyChanges, ShoppingQueue, type ChangeSender, type SendOutcome } from './offline-queue';

const CLIENT_ID = '0b7c6f4e-4a43-4f0e-9d43-2f9c3a1d5b10';
const networkDown = () => new ApiError({ message: 'Failed to fetch', statusCode: 500, reason: 'No response' });

/**
 * A server with the contract's sync rules: a replayed clientId answers the line already made; PATCH sets the fields
 * sent; DELETE of a missing line answers 404. `down` makes every request fail as a lost network does.
 */
function fakeServer() {
  const lines = new Map<string, ShoppingItem>();
  const calls: string[] = [];
  const state = { down: false, next: 1 };
  const sender: ChangeSender = {
    create: async (body) => {
      calls.push(`POST ${body.text} ${body.clientId}`);
      if (state.down) throw networkDown();
      const existing = [...lines.values()].find((line) => line.clientId === body.clientId);
      if (existing) return existing;
      const line = makeShoppingItem({ _id: `s${state.next++}`, clientId: body.clientId, text: body.text });
      lines.set(line._id, line);
      return line;
    },
    update: async (id, body) => {
      calls.push(`PATCH ${id} ${JSON.stringify(body)}`);
      if (state.down) throw networkDown();
      const line = lines.get(id);
      if (!line) throw new ApiError({ message: 'x', statusCode: 404, reason: 'Shopping list line not found' });
      lines.set(id, { ...line, ...body });
      return lines.get(id);
    },
    remove: async (id) => {
      calls.push(`DELETE ${id}`);
      if (state.down) throw networkDown();
      if (!lines.delete(id))
        throw new ApiError({ message: 'x', statusCode: 404, reason: 'Shopping list line not found' });
      return { _id: id };
    },
    clearChecked: async () => {
      calls.push('DELETE checked');
      if (state.down) throw networkDown();
      for (const [id, line] of lines) if (line.checked) lines.delete(id);
      return { items: [...lines.values()], deleted: 0 };
    },
  };
  return { lines, calls, state, sender };
}

beforeEach(() => localStorage.clear());

describe('the shopping list offline queue', () => {
  it('keeps changes made offline, sends them in order when back online, and names a new line by its server id', async () => {
    const server = fakeServer();
    server.lines.set('s0', makeShoppingItem({ _id: 's0', text: 'Flour' }));
    server.state.next = 1;
    server.state.down = true;
    const queue = new ShoppingQueue('u1', server.sender);
    queue.add({ kind: 'update', ref: { id: 's0' }, changes: { checked: true } });
    queue.add({ kind: 'create', clientId: CLIENT_ID, text: 'Dish soap' });
    queue.add({ kind: 'update', ref: { clientId: CLIENT_ID }, changes: { checked: true } });

    await queue.flush(() => undefined);
    // Nothing lost while the network is down: all three wait, also in storage for a reload.
    expect(queue.getState().changes).toHaveLength(3);
    expect(new ShoppingQueue('u1', server.sender).getState().changes).toHaveLength(3);

    server.state.down = false;
    server.calls.length = 0;
    const outcomes: SendOutcome[] = [];
    await queue.flush((outcome) => outcomes.push(outcome));
    expect(server.calls).toEqual([
      'PATCH s0 {"checked":true}',
      `POST Dish soap ${CLIENT_ID}`,
      'PATCH s1 {"checked":true}',
    ]);
    expect(outcomes.map((outcome) => outcome.kind)).toEqual(['done', 'done', 'done']);
    expect(queue.getState().changes).toEqual([]);
    expect(localStorage.length).toBe(0);
    expect([...server.lines.values()].map(({ text, checked }) => ({ text, checked }))).toEqual([
      { text: 'Flour', checked: true },
      { text: 'Dish soap', checked: true },
    ]);
  });

  it('never makes a line twice when an answer is lost and the change is sent again', async () => {
    const server = fakeServer();
    let loseAnswer = true;
    const sender: ChangeSender = {
      ...server.sender,
      create: async (body) => {
        const line = await server.sender.create(body);
        if (loseAnswer) {
          loseAnswer = false;
          throw networkDown(); // The server made the line; its answer never arrived.
        }
        return line;
      },
    };
    const queue = new ShoppingQueue('u1', sender);
    queue.add({ kind: 'create', clientId: CLIENT_ID, text: 'Milk' });
    await queue.flush(() => undefined);
    expect(queue.getState().changes).toHaveLength(1);
    await queue.flush(() => undefined);
    expect(queue.getState().changes).toHaveLength(0);
    expect([...server.lines.values()].map((line) => line.text)).toEqual(['Milk']);
  });

  it('treats a line removed elsewhere as done, and drops a change the server refuses for good', async () => {
    const server = fakeServer();
    const refusing: ChangeSender = {
      ...server.sender,
      create: async () => {
        throw new ApiError({ message: 'x', statusCode: 400, reason: 'The line cannot be empty' });
      },
    };
    const queue = new ShoppingQueue('u1', refusing);
    queue.add({ kind: 'update', ref: { id: 'gone' }, changes: { checked: true } });
    queue.add({ kind: 'create', clientId: CLIENT_ID, text: ' ' });
    // Its creation refused, the line never was: a tick on it is done too, not sent with an unknown id.
    queue.add({ kind: 'update', ref: { clientId: CLIENT_ID }, changes: { checked: true } });
    const outcomes: SendOutcome[] = [];
    await queue.flush((outcome) => outcomes.push(outcome));
    expect(outcomes.map((outcome) => outcome.kind)).toEqual(['done', 'refused', 'done']);
    expect(queue.getState().changes).toEqual([]);
  });

  it('shows the queued changes on top of the last list the server sent', () => {
    const items = [
      makeShoppingItem({ _id: 's1', text: 'Flour', checked: true }),
      makeShoppingItem({ _id: 's2', text: 'Eggs' }),
    ];
    const shown = applyChanges(items, {
      ids: {},
      changes: [
        { kind: 'clear-checked' },
        { kind: 'create', clientId: CLIENT_ID, text: 'Dish soap' },
        { kind: 'update', ref: { clientId: CLIENT_ID }, changes: { checked: true, aisle: 'household' } },
        { kind: 'update', ref: { id: 's2' }, changes: { checked: true } },
      ],
    });
    expect(shown.map(({ text, checked, aisle }) => ({ text, checked, aisle }))).toEqual([
      { text: 'Eggs', checked: true, aisle: null },
      { text: 'Dish soap', checked: true, aisle: 'household' },
    ]);
  });

  it('keeps one queue per user', () => {
    const server = fakeServer();
    new ShoppingQueue('u1', server.sender).add({ kind: 'clear-checked' });
    expect(new ShoppingQueue('u2', server.sender).getState().changes).toEqual([]);
    ShoppingQueue.forgetAll();
    expect(new ShoppingQueue('u1', server.sender).getState().changes).toEqual([]);
  });
});
