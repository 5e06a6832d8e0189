import { expect, type Locator } from '@playwright/test';
import { API, capture, currentUser, isPhone, recipeByAnotherCook, signUpByApi, test } from './support.js';

const starName = (stars: number) => `${stars} star${stars === 1 ? '' : 's'}`;

/** The stars that are checked, by name: a radio group has one at most. */
async function checkedStars(group: Locator): Promise<string[]> {
  return group
    .locator('[role="radio"][aria-checked="true"]')
    .evaluateAll((stars) => stars.map((s) => s.ariaLabel ?? ''));
}

test('rating with the keyboard: the stars are one Tab stop, and each arrow moves one star in reading direction', async ({
  page,
  request,
}, testInfo) => {
  const cook = await signUpByApi(page, { name: `Kira Keys ${testInfo.project.name}` });
  const recipe = await recipeByAnotherCook(request, 'Star Keys');
  await page.goto(`/view-recipe/${recipe._id}`);
  const form = page.getByRole('region', { name: 'Reviews' }).getByRole('form', { name: 'Write a review' });
  await expect(form).toBeVisible();
  const group = form.getByRole('radiogroup', { name: /^Rating/ });
  const star = (stars: number) => group.getByRole('radio', { name: starName(stars), exact: true });
  const expectChosen = async (stars: number) => {
    await expect(star(stars)).toHaveAttribute('aria-checked', 'true');
    await expect(star(stars)).toBeFocused();
    expect(await checkedStars(group)).toEqual([starName(stars)]);
  };

  if (!isPhone(testInfo)) {
    // Pointing at the fourth star lights the first four (a preview; nothing is chosen).
    await star(4).hover();
    await expect(group.locator('[data-lit="true"]')).toHaveCount(4);
    await page.mouse.move(0, 0);
    await expect(group.locator('[data-lit="true"]')).toHaveCount(0);
    expect(await checkedStars(group)).toEqual([]);
  }

  // From the comment, Shift+Tab lands on the group's one Tab stop: the first star while none is chosen.
  const comment = form.getByRole('textbox', { name: 'Comment' });
  await comment.focus();
  await page.keyboard.press('Shift+Tab');
  await expect(star(1)).toBeFocused();
  await page.keyboard.press('Space');
  await expectChosen(1);

  // The reported fault: Right from one star jumped to five, and Left went up.
  await page.keyboard.press('ArrowRight');
  await expectChosen(2);
  await page.keyboard.press('ArrowRight');
  await expectChosen(3);
  await page.keyboard.press('ArrowLeft');
  await expectChosen(2);
  await page.keyboard.press('ArrowDown');
  await expectChosen(3);
  await page.keyboard.press('ArrowUp');
  await expectChosen(2);
  await page.keyboard.press('End');
  await expectChosen(5);
  await page.keyboard.press('Home');
  await expectChosen(1);
  for (const stars of [2, 3, 4]) {
    await page.keyboard.press('ArrowRight');
    await expectChosen(stars);
  }
  // Only the chosen star is a Tab stop.
  await expect(group.locator('[tabindex="0"]')).toHaveCount(1);
  await expect(star(4)).toHaveAttribute('tabindex', '0');
  await capture(page, testInfo, '16-star-keyboard');

  // Tab leaves the stars for the comment; Shift+Tab comes back to the chosen star.
  await page.keyboard.press('Tab');
  await expect(comment).toBeFocused();
  await page.keyboard.type('Rated with the keyboard alone.');
  await page.keyboard.press('Shift+Tab');
  await expectChosen(4);

  await form.getByRole('button', { name: 'Submit review' }).focus();
  await page.keyboard.press('Enter');
  const reviews = page.getByRole('region', { name: 'Reviews' });
  await expect(reviews.getByText('You already reviewed this recipe!')).toBeVisible();
  await expect(
    reviews.getByRole('article', { name: `Review by ${cook.name}` }).getByRole('img', { name: 'Rated 4 out of 5' }),
  ).toBeVisible();
  const me = await currentUser(page);
  const stored = await page.request.get(`${API}/reviews/view/${me?._id}/${recipe._id}`);
  expect(((await stored.json()) as { data: { rating: number; comment: string } }).data).toMatchObject({
    rating: 4,
    comment: 'Rated with the keyboard alone.',
  });
});
