/**
 * Review comments by rating (the demo's ratings are mostly 3 to 5, with the odd 2). They are written to fit any
 * recipe, so a comment never contradicts the dish it is attached to; each stays well under the 250-character limit.
 */
export type Rating = 2 | 3 | 4 | 5;

export const REVIEW_COMMENTS: Record<Rating, readonly string[]> = {
  5: [
    'Made this for a family dinner and everyone went back for seconds.',
    'Exactly the kind of recipe I was looking for. Clear steps and great flavour.',
    'This is now in our regular rotation. Thank you for sharing!',
    'Perfect as written. I would not change a thing.',
    'Doubled the recipe and froze half. It reheats beautifully.',
    'My kids asked for it again the next day, which never happens.',
    'Restaurant quality at home. The timings in the steps were spot on.',
    'So much flavour for so little effort. Bookmarked.',
    'Cooked this for friends on Saturday and had to send everyone the link.',
    'Lovely recipe. The little tips in the steps really make a difference.',
    'Third time making it this month. Still perfect.',
    'Better than the version I grew up with, and I do not say that lightly.',
    'Easy to follow even on a busy evening. Delicious.',
    'Brilliant. I prepped everything in the morning and it came together in no time.',
  ],
  4: [
    'Really good. I added a bit more salt and a squeeze of lemon at the end.',
    'Tasty and easy. It took me about ten minutes longer than stated.',
    'Solid recipe. Next time I will go a little lighter on the chili.',
    'Great base recipe. I swapped in what I had in the fridge and it still worked.',
    'Lovely flavours, though I needed a few extra minutes at the end.',
    'Very good. I halved it for two people without any trouble.',
    'Nice and straightforward. I would add more garlic next time, but that is just me.',
    'Good weeknight option. Leftovers were even better the next day.',
    'Came out well. A bit more seasoning at the end made it really sing.',
    'We enjoyed this a lot. Served it with a simple green salad.',
  ],
  3: [
    'Good, but a little bland for us. I would add more spice next time.',
    'It was fine. The steps could be clearer about the heat level.',
    'Came out okay, but mine was a bit dry. Maybe my oven runs hot.',
    'Decent, though it took much longer than the stated time.',
    'Not bad at all, but I think it needs an extra element of acidity.',
    'The flavour was nice, the texture less so. I will try again with a few changes.',
  ],
  2: [
    'Not really for us. The texture was off, possibly my fault.',
    'I followed it exactly and it turned out quite watery. Would reduce the liquid.',
  ],
};
