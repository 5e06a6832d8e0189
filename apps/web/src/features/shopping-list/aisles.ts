import { AISLES, type Aisle, type ShoppingItem } from '@forkful/contracts';

/** The aisles in the order a shop is walked, with the names the list shows. A line without one is under 'Other'. */
export const AISLE_NAMES: Record<Aisle, string> = {
  produce: 'Fruit & vegetables',
  bakery: 'Bakery',
  'meat-fish': 'Meat & fish',
  'dairy-eggs': 'Dairy & eggs',
  pantry: 'Pantry',
  spices: 'Spices & herbs',
  frozen: 'Frozen',
  drinks: 'Drinks',
  household: 'Household',
  other: 'Other',
};

export interface AisleGroup {
  aisle: Aisle;
  items: ShoppingItem[];
}

/** Lines grouped by aisle, in AISLES order; within an aisle, lines still to buy come before ticked ones. */
export function groupByAisle(items: readonly ShoppingItem[]): AisleGroup[] {
  return AISLES.map((aisle) => ({
    aisle,
    items: items
      .filter((item) => (item.aisle ?? 'other') === aisle)
      .sort((a, b) => Number(a.checked) - Number(b.checked)),
  })).filter((group) => group.items.length > 0);
}
