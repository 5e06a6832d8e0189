import type { ShoppingItem } from '@forkful/contracts';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeShoppingItem, makeUser } from '@/test/factories';
import { fail, mockFetch, ok } from '@/test/fetch-mock';
import { renderScreen } from '@/test/render';
import { logIn } from '@/test/session';
import { ShoppingListPage } from './shopping-list-page';

let online = true;
function setOnline(value: boolean) {
  online = value;
  act(() => {
    window.dispatchEvent(new Event(value ? 'online' : 'offline'));
  });
}

beforeEach(() => {
  localStorage.clear();
  online = true;
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
});
afterEach(() => {
  Reflect.deleteProperty(navigator, 'onLine');
});

/** The server's list, changed by the calls the page sends (the contract's sync rules). */
function serveList(initial: ShoppingItem[]) {
  let items = [...initial];
  const writes: string[] = [];
  const fetchMock = mockFetch((url, init) => {
    const method = init?.method ?? 'GET';
    if (method !== 'GET' && !online) throw new TypeError('Failed to fetch');
    if (url.pathname === '/api/v1/shopping-list' && method === 'GET') return ok({ items });
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
    if (method !== 'GET') writes.push(`${method} ${url.pathname} ${JSON.stringify(body)}`);
    if (url.pathname === '/api/v1/shopping-list/items' && method === 'POST') {
      const line = makeShoppingItem({
        _id: `s${items.length + 1}`,
        clientId: String(body.clientId),
        text: String(body.text),
      });
      items = [...items, line];
      return ok(line, 201);
    }
    const match = /^\/api\/v1\/shopping-list\/items\/(.+)$/.exec(url.pathname);
    if (match && method === 'PATCH') {
      items = items.map((item) => (item._id === match[1] ? { ...item, ...body } : item));
      return ok(items.find((item) => item._id === match[1]));
    }
    if (url.pathname === '/api/v1/shopping-list/from-meal-plan' && method === 'POST') {
      items = [
        ...items,
        makeShoppingItem({
          _id: 'p1',
          text: '1.5 kg flour',
          aisle: 'pantry',
          sources: [{ recipeId: 'r9', title: 'Bread' }],
        }),
      ];
      return ok({ items, changed: 1 });
    }
    return fail(404, 'Not found');
  });
  return { writes, fetchMock, items: () => items };
}

describe('ShoppingListPage', () => {
  it('groups lines by aisle and shows which recipes each came from', async () => {
    serveList([
      makeShoppingItem({
        _id: 's1',
        text: '500 g flour',
        aisle: 'pantry',
        sources: [
          { recipeId: 'r1', title: 'Pancakes' },
          { recipeId: 'r2', title: 'Bread' },
        ],
      }),
      makeShoppingItem({ _id: 's2', text: '2 onions', aisle: 'produce' }),
      makeShoppingItem({ _id: 's3', text: 'Dish soap', aisle: null }),
    ]);
    const { store } = renderScreen(<ShoppingListPage />);
    logIn(store);

    const pantry = await screen.findByRole('region', { name: 'Pantry' });
    expect(within(pantry).getByRole('checkbox', { name: '500 g flour' })).not.toBeChecked();
    expect(within(pantry).getByRole('link', { name: 'Pancakes' })).toHaveAttribute('href', '/view-recipe/r1');
    expect(within(pantry).getByRole('link', { name: 'Bread' })).toHaveAttribute('href', '/view-recipe/r2');
    expect(
      within(screen.getByRole('region', { name: 'Fruit & vegetables' })).getByText('2 onions'),
    ).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Other' })).getByText('Dish soap')).toBeInTheDocument();
    // Aisles in the order a shop is walked.
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'From the meal plan',
      'Fruit & vegetables',
      'Pantry',
      'Other',
    ]);
  });

  it('ticks and adds lines offline at once, and sends them in order, once, when the network returns', async () => {
    const server = serveList([makeShoppingItem({ _id: 's1', text: 'Flour', aisle: 'pantry' })]);
    const { store } = renderScreen(<ShoppingListPage />);
    logIn(store, makeUser({ _id: 'cook' }));
    const user = userEvent.setup();
    await screen.findByRole('checkbox', { name: 'Flour' });

    setOnline(false);
    expect(screen.getByText(/You are offline/)).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Flour' }));
    await user.type(screen.getByRole('textbox', { name: 'New line' }), 'Dish soap{Enter}');
    await user.click(screen.getByRole('checkbox', { name: 'Dish soap' }));

    // Shown at once, nothing sent, all kept on the device.
    expect(screen.getByRole('checkbox', { name: 'Flour' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Dish soap' })).toBeChecked();
    expect(screen.getByText('3 changes wait to be sent.')).toBeInTheDocument();
    expect(server.writes).toEqual([]);
    expect(localStorage.getItem('forkful-shopping-queue:cook')).toContain('Dish soap');

    setOnline(true);
    await screen.findByText('2 of 2 ticked');
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(server.writes).toHaveLength(3);
    expect(server.writes[0]).toBe('PATCH /api/v1/shopping-list/items/s1 {"checked":true}');
    expect(server.writes[1]).toMatch(
      /^POST \/api\/v1\/shopping-list\/items \{"text":"Dish soap","clientId":"[0-9a-f-]{36}"\}$/,
    );
    expect(server.writes[2]).toBe('PATCH /api/v1/shopping-list/items/s2 {"checked":true}');
    expect(server.items().map(({ text, checked }) => ({ text, checked }))).toEqual([
      { text: 'Flour', checked: true },
      { text: 'Dish soap', checked: true },
    ]);
    expect(localStorage.getItem('forkful-shopping-queue:cook')).toBeNull();
    expect(screen.getAllByRole('checkbox')).toHaveLength(2);
  });

  it("adds this week's planned meals (Monday to Sunday) and files a line under the aisle chosen", async () => {
    const server = serveList([makeShoppingItem({ _id: 's1', text: 'Dish soap' })]);
    const { store } = renderScreen(<ShoppingListPage />);
    logIn(store);
    const user = userEvent.setup();
    await screen.findByRole('checkbox', { name: 'Dish soap' });

    await user.click(screen.getByRole('button', { name: 'Add this week' }));
    expect(await screen.findByRole('link', { name: 'Bread' })).toBeInTheDocument();
    const range = JSON.parse(server.writes[0]!.replace(/^POST \S+ /, '')) as { from: string; to: string };
    expect(new Date(`${range.from}T00:00:00Z`).getUTCDay()).toBe(1);
    expect(new Date(`${range.to}T00:00:00Z`).getUTCDay()).toBe(0);
    expect(screen.getByText('Added 1 line from the meal plan')).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Aisle for Dish soap' }), 'household');
    expect(within(await screen.findByRole('region', { name: 'Household' })).getByText('Dish soap')).toBeInTheDocument();
    expect(server.writes).toContain('PATCH /api/v1/shopping-list/items/s1 {"aisle":"household"}');
  });
});
