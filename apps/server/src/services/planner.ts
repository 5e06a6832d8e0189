import { MealPlanRepository } from '../repositories/meal-plan.js';
import { ShoppingListRepository } from '../repositories/shopping-list.js';
import type { Services } from './container.js';
import { MealPlanService } from './meal-plan.js';
import { ShoppingListService } from './shopping-list/index.js';

/** The meal planner's and shopping list's repositories and services (issue 18), built once per app. */
export interface PlannerServices {
  plans: MealPlanRepository;
  lists: ShoppingListRepository;
  mealPlan: MealPlanService;
  shoppingList: ShoppingListService;
}

const built = new WeakMap<Services, PlannerServices>();

/**
 * Built beside the app's container rather than inside it, from the same database, mappers and secret, and kept per
 * container so the meal-plan and shopping-list routes share one set.
 */
export function plannerServices(services: Services): PlannerServices {
  let planner = built.get(services);
  if (!planner) {
    const plans = new MealPlanRepository(services.db);
    const lists = new ShoppingListRepository(services.db);
    planner = {
      plans,
      lists,
      mealPlan: new MealPlanService(services.db, plans, lists, services.map, services.config.refreshTokenSecret),
      shoppingList: new ShoppingListService(services.db, lists, plans),
    };
    built.set(services, planner);
  }
  return planner;
}
