import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { allowConsoleError } from '@/test/console';
import { makeSuggestion } from '@/test/factories';
import { abortable, deferred, fail, mockFetch, ok, type MockResponse } from '@/test/fetch-mock';
import { location, renderScreen } from '@/test/render';
import { SearchBar } from './search-bar';
import { setSearchFocus } from './search-slice';

const suggestions = [
  makeSuggestion({ _id: 'r1', title: 'Pasta al limone' }),
  makeSuggestion({ _id: 'r2', title: 'Pasta e fagioli' }),
  makeSuggestion({ _id: 'r3', title: 'Pastel de nata' }),
];

const searchCalls = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.filter(([input]) => String(input).includes('/recipes/search'));

function setup(handler: (query: string, init: RequestInit | undefined) => MockResponse | Promise<MockResponse>) {
  // Only the debounce's clock is faked; promises and the testing library's polling run on real time.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  // Testing Library only recognises Jest's fake timers; this lets its async helpers advance Vitest's clock.
  vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
  const fetchMock = mockFetch((url, init) => handler(url.searchParams.get('query') ?? '', init));
  const onSubmitted = vi.fn();
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  const view = renderScreen(<SearchBar onSubmitted={onSubmitted} />, {
    extraRoutes: [
      { path: '/view-recipe/:id', element: <p>recipe page</p> },
      { path: '/searched-recipes', element: <p>results page</p> },
    ],
  });
  const input = screen.getByRole('combobox', { name: 'Search recipes' });
  return { ...view, fetchMock, onSubmitted, user, input };
}

const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('SearchBar', () => {
  beforeEach(() => {
    vi.useRealTimers();
  });

  it("is a combobox with the placeholder 'Find a recipe'", () => {
    const { input } = setup(() => ok({ recipes: [] }));
    expect(input).toHaveAttribute('placeholder', 'Find a recipe');
    expect(input).toHaveAttribute('aria-autocomplete', 'list');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('button', { name: 'Search' })).toHaveAttribute('type', 'submit');
  });

  it('asks for suggestions only after 400 ms of quiet', async () => {
    const { input, user, fetchMock } = setup(() => ok({ recipes: suggestions }));
    await user.type(input, 'pas');
    await wait(399);
    expect(searchCalls(fetchMock)).toHaveLength(0);
    await wait(1);
    expect(searchCalls(fetchMock)).toHaveLength(1);
    expect(String(searchCalls(fetchMock)[0]![0])).toBe('/api/v1/recipes/search?query=pas');
    expect(await screen.findAllByRole('option')).toHaveLength(3);
    expect(input).toHaveAttribute('aria-expanded', 'true');
  });

  it("shows 'Loading...' while waiting, then the suggestions", async () => {
    const pending = deferred();
    const { input, user } = setup(() => pending.promise);
    await user.type(input, 'pa');
    await wait(400);
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    await act(async () => pending.resolve(ok({ recipes: suggestions })));
    expect(await screen.findAllByRole('option')).toHaveLength(3);
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('aborts the in-flight request when a newer one starts', async () => {
    const first = deferred();
    const signals: AbortSignal[] = [];
    const { input, user, fetchMock } = setup((query, init) => {
      if (init?.signal) signals.push(init.signal);
      return query === 'p' ? abortable(init, first.promise) : ok({ recipes: suggestions.slice(0, 1) });
    });
    await user.type(input, 'p');
    await wait(400);
    expect(searchCalls(fetchMock)).toHaveLength(1);
    await user.type(input, 'a');
    await wait(400);
    expect(searchCalls(fetchMock)).toHaveLength(2);
    expect(signals[0]!.aborted).toBe(true);
    expect(signals[1]!.aborted).toBe(false);
    expect(await screen.findAllByRole('option')).toHaveLength(1);
  });

  it("an older request's answer that arrives after the newer one's changes nothing", async () => {
    // The first answer is already on its way when the newer request starts, so it arrives despite the abort: only
    // the component's own bookkeeping can keep it from replacing the newer suggestions.
    const late = deferred();
    const { input, user, fetchMock } = setup((query) =>
      query === 'p' ? late.promise : ok({ recipes: suggestions.slice(1, 2) }),
    );
    await user.type(input, 'p');
    await wait(400);
    await user.type(input, 'a');
    await wait(400);
    expect(searchCalls(fetchMock)).toHaveLength(2);
    expect(await screen.findAllByRole('option')).toHaveLength(1);

    await act(async () => late.resolve(ok({ recipes: suggestions })));
    expect(screen.getAllByRole('option')).toHaveLength(1);
    expect(screen.getByRole('option')).toHaveTextContent('Pasta e fagioli');
  });

  it('clears the suggestions and calls nothing for blank input', async () => {
    const { input, user, fetchMock } = setup(() => ok({ recipes: suggestions }));
    await user.type(input, '   ');
    await wait(1000);
    expect(searchCalls(fetchMock)).toHaveLength(0);

    await user.type(input, 'pa');
    await wait(400);
    expect(await screen.findAllByRole('option')).toHaveLength(3);
    await user.clear(input);
    await wait(1000);
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(searchCalls(fetchMock)).toHaveLength(1);
  });

  it("says 'No match found !' for zero results", async () => {
    const { input, user } = setup(() => ok({ recipes: [] }));
    await user.type(input, 'zzz');
    await wait(400);
    expect(await screen.findByText('No match found !')).toBeInTheDocument();
  });

  it("says 'Something went horribly wrong !' when the call fails", async () => {
    allowConsoleError();
    const { input, user } = setup(() => fail(500, 'Boom'));
    await user.type(input, 'pa');
    await wait(400);
    expect(await screen.findByText('Something went horribly wrong !')).toBeInTheDocument();
  });

  it('Down and Up move the highlight and wrap around', async () => {
    const { input, user } = setup(() => ok({ recipes: suggestions }));
    await user.type(input, 'pa');
    await wait(400);
    const options = await screen.findAllByRole('option');
    const highlighted = () => input.getAttribute('aria-activedescendant');

    await user.keyboard('{ArrowDown}');
    expect(highlighted()).toBe(options[0]!.id);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(highlighted()).toBe(options[2]!.id);
    await user.keyboard('{ArrowDown}');
    expect(highlighted()).toBe(options[0]!.id);
    await user.keyboard('{ArrowUp}');
    expect(highlighted()).toBe(options[2]!.id);
    await user.keyboard('{ArrowUp}');
    expect(highlighted()).toBe(options[1]!.id);
  });

  it('Up from nothing highlighted goes to the last suggestion', async () => {
    const { input, user } = setup(() => ok({ recipes: suggestions }));
    await user.type(input, 'pa');
    await wait(400);
    const options = await screen.findAllByRole('option');
    await user.keyboard('{ArrowUp}');
    expect(input).toHaveAttribute('aria-activedescendant', options[2]!.id);
  });

  it('Enter on a highlighted suggestion fills the input and hides the list without submitting', async () => {
    const { input, user, router, onSubmitted } = setup(() => ok({ recipes: suggestions }));
    await user.type(input, 'pa');
    await wait(400);
    await screen.findAllByRole('option');
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(input).toHaveValue('Pasta e fagioli');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(location(router)).toBe('/');
    expect(onSubmitted).not.toHaveBeenCalled();

    // Submitting now goes to the chosen recipe.
    await user.keyboard('{Enter}');
    expect(location(router)).toBe('/view-recipe/r2');
    expect(onSubmitted).toHaveBeenCalledTimes(1);
  });

  /** Types 'pa', waits for the suggestions and picks the first one with the keyboard: one request so far. */
  async function afterASelection() {
    const rendered = setup(() => ok({ recipes: suggestions }));
    await rendered.user.type(rendered.input, 'pa');
    await wait(400);
    await screen.findAllByRole('option');
    await rendered.user.keyboard('{ArrowDown}{Enter}');
    expect(searchCalls(rendered.fetchMock)).toHaveLength(1);
    return rendered;
  }

  it('skips suggestion requests after a selection until another key is pressed', async () => {
    const { input, user, fetchMock } = await afterASelection();

    // A change that no key press caused (for example a paste from the context menu) stays suppressed.
    fireEvent.change(input, { target: { value: 'Pasta al limone!' } });
    await wait(1000);
    expect(searchCalls(fetchMock)).toHaveLength(1);

    await user.type(input, 's');
    await wait(400);
    expect(searchCalls(fetchMock)).toHaveLength(2);
  });

  it.each(['{Escape}', '{Shift}', '{Tab}'])(
    'any other key, such as %s, re-enables suggestions after a selection',
    async (key) => {
      const { input, user, fetchMock } = await afterASelection();
      await user.keyboard(key);
      // A change that no key press caused (a paste from the context menu) now asks for suggestions.
      fireEvent.change(input, { target: { value: 'Pasta alla norma' } });
      await wait(400);
      expect(searchCalls(fetchMock)).toHaveLength(2);
    },
  );

  /** Changes the text the way a script does: the value is set first, then `input` fires, with no key pressed. */
  const setByScript = (input: HTMLElement, value: string) =>
    act(() => {
      (input as HTMLInputElement).value = value;
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });

  it('a chosen suggestion is dropped when a script changes the text: the Search button searches the new text', async () => {
    const { input, user, router, fetchMock } = await afterASelection();
    setByScript(input, 'tomato soup');
    expect(input).toHaveValue('tomato soup');
    // Still no suggestion request: no key was pressed since the selection.
    await wait(1000);
    expect(searchCalls(fetchMock)).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(location(router)).toBe('/searched-recipes?query=tomato%20soup');
  });

  it('a chosen suggestion is dropped when a paste without a key press changes the text', async () => {
    const { input, router } = await afterASelection();
    fireEvent.change(input, { target: { value: 'Pasta al limone, no cream' } });
    fireEvent.submit((input as HTMLInputElement).form!);
    expect(location(router)).toBe('/searched-recipes?query=Pasta%20al%20limone%2C%20no%20cream');
  });

  it('any change drops the choice, even one that comes back to the same title', async () => {
    const { input, user, router } = await afterASelection();
    setByScript(input, 'Pasta al limon');
    setByScript(input, 'Pasta al limone');
    await user.keyboard('{Enter}');
    expect(location(router)).toBe('/searched-recipes?query=Pasta%20al%20limone');
  });

  it('a chosen suggestion opens its recipe while the box still shows its title', async () => {
    const { user, router } = await afterASelection();
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(location(router)).toBe('/view-recipe/r1');
  });

  it('submitting typed text opens the searched-recipes page and reports it', async () => {
    const { input, user, router, onSubmitted, fetchMock } = setup(() => ok({ recipes: suggestions }));
    await user.type(input, 'tomato soup{Enter}');
    expect(location(router)).toBe('/searched-recipes?query=tomato%20soup');
    expect(onSubmitted).toHaveBeenCalledTimes(1);
    await wait(1000);
    // The debounced suggestion request was cancelled by the submit.
    expect(searchCalls(fetchMock)).toHaveLength(0);
  });

  it('submitting blank text does nothing', async () => {
    const { input, user, router, onSubmitted } = setup(() => ok({ recipes: [] }));
    await user.type(input, '  {Enter}');
    expect(location(router)).toBe('/');
    expect(onSubmitted).not.toHaveBeenCalled();
  });

  it('clicking a suggestion goes to that recipe', async () => {
    const { input, user, router } = setup(() => ok({ recipes: suggestions }));
    await user.type(input, 'pa');
    await wait(400);
    await user.click((await screen.findAllByRole('option'))[2]!);
    expect(location(router)).toBe('/view-recipe/r3');
  });

  it('Escape hides the suggestions and Down shows them again', async () => {
    const { input, user } = setup(() => ok({ recipes: suggestions }));
    await user.type(input, 'pa');
    await wait(400);
    await screen.findAllByRole('option');
    await user.keyboard('{Escape}');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    // Down brings the same list back.
    await user.keyboard('{ArrowDown}');
    expect(screen.getAllByRole('option')).toHaveLength(3);
  });

  it('can be focused from outside through the focus flag', async () => {
    const { input, store } = setup(() => ok({ recipes: [] }));
    expect(input).not.toHaveFocus();
    act(() => {
      store.dispatch(setSearchFocus(true));
    });
    await wait(10);
    expect(input).toHaveFocus();
    expect(store.getState().search.focus).toBe(false);
  });
});
