import { RequireLogin } from '@/features/auth/require-login';
import { MealPlannerPage } from '@/features/meal-planner/meal-planner-page';

export function Component() {
  return (
    <>
      <title>Meal planner · Forkful</title>
      <RequireLogin>
        <MealPlannerPage />
      </RequireLogin>
    </>
  );
}
