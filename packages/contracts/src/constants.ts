/** Spec section 9, plus the limits the spec leaves to us (see docs/decisions). */
export const RECIPE_PAGE_SIZE = 12;
export const RECIPE_FETCH_SIZE = 24;
export const RECIPE_LIST_MAX_LIMIT = 48;
export const REVIEW_PAGE_SIZE = 10;
export const REVIEW_COMMENT_MAX = 250;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const COOKING_TIME_MAX = 10080;
export const SUGGESTION_LIMIT = 8;
export const SUGGESTION_DEBOUNCE_MS = 400;
export const RANDOM_RECIPES_DEFAULT = 8;
export const COPY_CONFIRM_MS = 1000;
export const MOBILE_BREAKPOINT_PX = 640;
export const COPYRIGHT_START_YEAR = 2024;
export const API_BASE = '/api/v1';
/** Widths of the WebP variants of a new recipe photo; photos stored earlier have fewer (docs/decisions/008). */
export const IMAGE_WIDTHS = [320, 640, 720, 800, 1080, 1280] as const;
/** A sign-up avatar: png or jpeg only (spec section 5). */
export const AVATAR_MIME_TYPES = ['image/png', 'image/jpeg'] as const;
/** Every other upload (a recipe photo, a changed avatar) takes images: the formats the image pipeline reads. */
export const IMAGE_MIME_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const DEMO_CREDENTIALS = { email: 'demo@forkful.dev', password: 'forkful-demo-2024' } as const;
