/*
 * The texts the web's start-up code needs (the transport, the search box, the landing page's flash), apart from the
 * long table in messages.ts, which re-exports them: the landing page loads only these (issue 15).
 */

/** The reason the server answers for an expired access token (messages.jwtExpired); the client refreshes on it. */
export const JWT_EXPIRED_REASON = 'jwt expired';

/** Spec section 8: the texts the client shows for failures. */
export const clientErrors = {
  defaultMessage: 'Something went wrong',
  unknownReason: 'Unknown',
  noResponse: 'No response received from server',
  aborted: 'Request was aborted',
  sendFailed: 'Problem sending request to server',
  fetchRecipes: 'Error: There is some problem fetching recipes',
  loadReviewsPrefix: 'Error loading reviews: ',
  noRecipes: 'No recipes found',
  photoNotAvailable: 'Photo not available',
  accountDeleteSuffix: 'Some error',
  searchLoading: 'Loading...',
  searchNoMatch: 'No match found !',
  searchError: 'Something went horribly wrong !',
} as const;

export const alerts = {
  passwordChanged: 'Password changed',
  accountDeleted: 'Account deleted successfully',
  deleteConfirmTitle: 'Proceed with deletion?',
  deleteConfirmText: 'This is irreversible',
} as const;
