/*
 * The srcset and sizes of recipe photos live in the contracts: the server's preload of a page's largest photo
 * must use the very same ones, or the browser downloads the photo twice (docs/decisions/011).
 */
export { CARD_SIZES, RECIPE_PHOTO_SIZES, srcSetOf, type PhotoVariant as ImageVariant } from '@forkful/contracts';
