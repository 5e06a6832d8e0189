import { useSession } from '@/lib/session';
import { RECOMMENDED_PAGE_COUNT, useGetRecommendedQuery } from './recommendations-api';
import { RecommendedGrid } from './recommended-grid';

/** /recommended: more of the 'Recommended for you' row; a visitor sees what is good and fresh. */
export function RecommendedPage() {
  const { isLoggedIn } = useSession();
  const recommended = useGetRecommendedQuery(RECOMMENDED_PAGE_COUNT);
  const heading = isLoggedIn ? 'Recommended for you' : 'Good and fresh';
  return (
    <div className="container-page py-10 sm:py-14">
      <title>{`${heading} · Forkful`}</title>
      <h1 className="text-4xl font-bold sm:text-5xl">{heading}</h1>
      <p className="mt-3 max-w-2xl text-lg text-ink-soft">
        {isLoggedIn
          ? 'Recipes picked from what you save, rate and share: the more you do, the better they get.'
          : 'Well-rated recipes the community is cooking right now. Log in and save what you love to get your own.'}
      </p>
      <div className="mt-8">
        <RecommendedGrid
          recipes={recommended.data?.recipes}
          loading={recommended.isLoading}
          failed={recommended.isError}
          skeletonCount={6}
          label={heading}
          headingLevel={2}
        />
      </div>
    </div>
  );
}
