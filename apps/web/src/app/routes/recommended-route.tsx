import { RecommendedPage } from '@/features/recommendations/recommended-page';

export function Component() {
  return <RecommendedPage />;
}
