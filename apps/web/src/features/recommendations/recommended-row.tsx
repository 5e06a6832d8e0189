import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { FOR_YOU_COUNT, useGetRecommendedQuery } from './recommendations-api';
import { RecommendedGrid } from './recommended-grid';

/** The landing page's 'Recommended for you' row, for a logged-in cook (loaded lazily by the landing route). */
export default function RecommendedRow() {
  const recommended = useGetRecommendedQuery(FOR_YOU_COUNT);
  // The answer is never empty while the site has a published recipe; with none, the row has nothing to say.
  if (recommended.data && recommended.data.recipes.length === 0) return null;
  return (
    <section aria-labelledby="for-you" className="container-page pt-14 sm:pt-20">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <p className="text-sm font-semibold tracking-[0.14em] text-brand-700 uppercase">Picked for your taste</p>
          <h2 id="for-you" className="mt-2 text-3xl font-bold sm:text-4xl">
            Recommended for you
          </h2>
        </div>
        <Link to="/recommended" className={buttonClasses('secondary', 'md')}>
          More for you
        </Link>
      </div>
      <div className="mt-8">
        <RecommendedGrid
          recipes={recommended.data?.recipes}
          loading={recommended.isLoading}
          failed={recommended.isError}
          skeletonCount={FOR_YOU_COUNT}
          label="Recommended for you"
        />
      </div>
    </section>
  );
}
