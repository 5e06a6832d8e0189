import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { allowConsoleError } from '@/test/console';
import { makeReview, makeReviewList, makeUser } from '@/test/factories';
import { fail, mockFetch, ok, type MockResponse } from '@/test/fetch-mock';
import { renderScreen } from '@/test/render';
import { logIn } from '@/test/session';
import { ReviewsSection } from './reviews-section';

function review(id: string, ownerId: string, ownerName: string, rating = 4) {
  const threeHoursAgo = new Date(Date.now() - 3 * 3600_000).toISOString();
  return makeReview({
    _id: id,
    recipe: 'r1',
    rating,
    comment: `Comment ${id}`,
    owner: { _id: ownerId, name: ownerName, avatar: makeUser().avatar },
    createdAt: threeHoursAgo,
    updatedAt: threeHoursAgo,
  });
}

const mine = review('mine', 'me', 'Me Myself', 5);

function renderSection(
  handler: (url: URL, init?: RequestInit) => MockResponse,
  userId: string | null,
  authorId = 'author',
) {
  const fetchMock = mockFetch(handler);
  const view = renderScreen(<ReviewsSection recipeId="r1" authorId={authorId} />);
  if (userId) logIn(view.store, makeUser({ _id: userId }));
  return { ...view, fetchMock };
}

describe('ReviewsSection', () => {
  it("treats 'Review not found' as no review, shows the new-review form and logs no error", async () => {
    // No allowConsoleError(): the usual state of a recipe the reader has not reviewed is not logged as an error.
    renderSection((url) => {
      if (url.pathname.startsWith('/api/v1/reviews/view/')) return fail(404, 'Review not found');
      return ok(makeReviewList([review('a', 'x', 'Xavier')]));
    }, 'me');
    expect(await screen.findByRole('heading', { name: 'Write a review' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByText('3 hours ago')).toBeInTheDocument();
  });

  it('shows the own review apart, leaves it out of the list, and opens the edit form', async () => {
    renderSection((url) => {
      if (url.pathname === '/api/v1/reviews/view/me/r1') return ok(mine);
      return ok(makeReviewList([mine, review('a', 'x', 'Xavier')]));
    }, 'me');
    expect(await screen.findByText('You already reviewed this recipe!')).toBeInTheDocument();
    await screen.findByText('Comment a');
    expect(screen.getAllByRole('article', { name: 'Review by Me Myself' })).toHaveLength(1);

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Update My Review' }));
    expect(screen.getByRole('heading', { name: 'Update your review' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete my review' })).toBeInTheDocument();
    expect(screen.getByLabelText('5 stars')).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.getByRole('button', { name: 'Update My Review' })).toBeInTheDocument();
  });

  it('shows no form to the author', async () => {
    renderSection(() => ok(makeReviewList()), 'author');
    expect(await screen.findByText('No reviews yet')).toBeInTheDocument();
    // Nothing invites the author to review their own recipe.
    expect(screen.queryByText(/Be the first/)).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Write a review' })).not.toBeInTheDocument();
    expect(screen.queryByText('You already reviewed this recipe!')).not.toBeInTheDocument();
  });

  it('does not invite a first review from a reader whose own review is the only one', async () => {
    // The server leaves the reader's own review out of the list and its count.
    renderSection((url) => {
      if (url.pathname === '/api/v1/reviews/view/me/r1') return ok(mine);
      return ok(makeReviewList([], { totalReviews: 0 }));
    }, 'me');
    expect(await screen.findByText('You already reviewed this recipe!')).toBeInTheDocument();
    expect(await screen.findByText('No other reviews yet')).toBeInTheDocument();
    expect(screen.queryByText(/Be the first/)).not.toBeInTheDocument();
  });

  it('loads page by page with Load more reviews', async () => {
    const fetchMock = renderSection((url) => {
      const page = Number(url.searchParams.get('page'));
      return ok(
        makeReviewList([review(`p${page}`, `u${page}`, `Cook ${page}`)], {
          curPage: page,
          totalPages: 2,
          totalReviews: 2,
        }),
      );
    }, null).fetchMock;
    expect(await screen.findByText('Comment p1')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Load more reviews' }));
    expect(await screen.findByText('Comment p2')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more reviews' })).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([input]) => String(input))).toEqual([
      '/api/v1/reviews/view-all/r1?page=1',
      '/api/v1/reviews/view-all/r1?page=2',
    ]);
    // Logging in from here comes back to the page (rendered at /) and its reviews.
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login?next=%2F&action=review');
  });

  it("says 'Error loading reviews: …' when the list fails", async () => {
    allowConsoleError();
    renderSection(() => fail(500, 'Boom'), null);
    expect(await screen.findByText('Error loading reviews: Boom')).toBeInTheDocument();
  });

  it('creates a review', async () => {
    allowConsoleError();
    let created = false;
    const fetchMock = renderSection((url, init) => {
      if (url.pathname.startsWith('/api/v1/reviews/create/')) {
        created = true;
        return ok(mine, 201);
      }
      if (url.pathname.startsWith('/api/v1/reviews/view/')) return created ? ok(mine) : fail(404, 'Review not found');
      void init;
      return ok(makeReviewList(created ? [mine] : []));
    }, 'me').fetchMock;
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Write a review' });
    await user.click(screen.getByLabelText('5 stars'));
    await user.type(screen.getByLabelText('Comment'), 'Perfect');
    const submit = screen.getByRole('button', { name: 'Submit review' });
    await vi.waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);
    expect(await screen.findByText('You already reviewed this recipe!')).toBeInTheDocument();
    const create = fetchMock.mock.calls.find(([input]) => String(input).includes('/reviews/create/'));
    expect(create?.[1]).toMatchObject({ method: 'POST', body: JSON.stringify({ rating: 5, comment: 'Perfect' }) });
    expect(
      within(screen.getByRole('region', { name: 'Reviews' })).queryByText('Write a review'),
    ).not.toBeInTheDocument();
  });

  it('deleting the own review asks first, then says it was deleted and shows the empty form', async () => {
    let deleted = false;
    const fetchMock = renderSection((url, init) => {
      if (url.pathname === '/api/v1/reviews/mine/delete' && init?.method === 'DELETE') {
        deleted = true;
        return ok(null);
      }
      if (url.pathname === '/api/v1/reviews/view/me/r1') return deleted ? fail(404, 'Review not found') : ok(mine);
      return ok(makeReviewList(deleted ? [] : [mine]));
    }, 'me').fetchMock;
    const deleteCalls = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Update My Review' }));
    // The live region is in place before there is anything to say.
    const status = screen.getByRole('status');
    expect(status).toBeEmptyDOMElement();

    await user.click(await screen.findByRole('button', { name: 'Delete my review' }));
    let dialog = screen.getByRole('dialog', { name: 'Proceed with deletion?' });
    expect(within(dialog).getByText('This is irreversible')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Update your review' })).toBeInTheDocument();
    expect(deleteCalls()).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete my review' }));
    dialog = screen.getByRole('dialog', { name: 'Proceed with deletion?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete review' }));
    const form = await screen.findByRole('heading', { name: 'Write a review' });
    expect(deleteCalls()).toHaveLength(1);
    expect(status).toHaveTextContent('Your review was deleted.');
    // The form the cook was in is gone; the keyboard continues in the empty one.
    expect(form).toHaveFocus();
  });
});
