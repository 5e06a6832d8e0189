import type { Aisle } from '@forkful/contracts';

/*
 * A small built-in food → aisle table (issue 18). A line's food is matched by whole words, the longest phrase first,
 * so 'coconut milk' is pantry before 'milk' is dairy and 'chicken stock' is pantry before 'chicken' is meat. A food
 * the table does not know has no aisle (the web files it under 'Other'); every line's aisle can be changed by hand.
 */
const TABLE: Record<Exclude<Aisle, 'other'>, readonly string[]> = {
  produce: [
    'apple',
    'avocado',
    'banana',
    'basil',
    'bean sprout',
    'beet',
    'bell pepper',
    'berry',
    'blueberry',
    'broccoli',
    'cabbage',
    'carrot',
    'cauliflower',
    'celery',
    'chard',
    'chili',
    'chive',
    'cilantro',
    'coriander leaf',
    'courgette',
    'cucumber',
    'dill',
    'eggplant',
    'aubergine',
    'fennel',
    'garlic',
    'ginger',
    'grape',
    'herb',
    'kale',
    'leek',
    'lemon',
    'lettuce',
    'lime',
    'mango',
    'mint',
    'mushroom',
    'onion',
    'orange',
    'parsley',
    'pea',
    'peach',
    'pear',
    'pepper',
    'potato',
    'pumpkin',
    'radish',
    'raspberry',
    'rosemary',
    'salad',
    'scallion',
    'shallot',
    'spinach',
    'spring onion',
    'squash',
    'strawberry',
    'sweet potato',
    'thyme',
    'tomato',
    'zucchini',
    'sage',
    'arugula',
  ],
  bakery: ['bread', 'baguette', 'bun', 'roll', 'pita', 'tortilla', 'naan', 'brioche', 'croissant', 'breadcrumb'],
  'meat-fish': [
    'bacon',
    'beef',
    'chicken',
    'chorizo',
    'cod',
    'duck',
    'fish',
    'ham',
    'lamb',
    'mince',
    'pork',
    'prawn',
    'salmon',
    'sausage',
    'shrimp',
    'steak',
    'tuna',
    'turkey',
    'veal',
    'anchovy',
    'mussel',
    'pancetta',
    'prosciutto',
  ],
  'dairy-eggs': [
    'butter',
    'buttermilk',
    'cheddar',
    'cheese',
    'cream',
    'cream cheese',
    'creme fraiche',
    'egg',
    'feta',
    'ghee',
    'milk',
    'mozzarella',
    'parmesan',
    'ricotta',
    'sour cream',
    'yogurt',
    'yoghurt',
    'mascarpone',
    'halloumi',
  ],
  pantry: [
    'baking powder',
    'baking soda',
    'bean',
    'broth',
    'chickpea',
    'chocolate',
    'cocoa',
    'coconut milk',
    'cornstarch',
    'couscous',
    'flour',
    'honey',
    'jam',
    'ketchup',
    'lentil',
    'maple syrup',
    'mayonnaise',
    'mustard',
    'noodle',
    'nut',
    'oat',
    'oil',
    'olive',
    'olive oil',
    'pasta',
    'peanut butter',
    'quinoa',
    'rice',
    'soy sauce',
    'spaghetti',
    'stock',
    'sugar',
    'syrup',
    'tahini',
    'tomato paste',
    'tomato sauce',
    'canned tomato',
    'vinegar',
    'yeast',
    'almond',
    'walnut',
    'raisin',
    'vanilla',
    'chicken stock',
    'vegetable stock',
    'beef stock',
    'breadcrumbs',
    'gelatin',
  ],
  spices: [
    'salt',
    'black pepper',
    'ground pepper',
    'peppercorn',
    'cinnamon',
    'cumin',
    'paprika',
    'turmeric',
    'nutmeg',
    'oregano',
    'bay leaf',
    'chili flake',
    'chili powder',
    'curry powder',
    'garam masala',
    'clove',
    'cardamom',
    'allspice',
    'cayenne',
    'coriander',
    'ground ginger',
    'spice',
    'seasoning',
    'dried thyme',
    'dried oregano',
  ],
  frozen: ['frozen', 'ice cream', 'frozen pea', 'puff pastry'],
  drinks: ['beer', 'coffee', 'juice', 'soda', 'sparkling water', 'tea', 'wine', 'orange juice', 'lemon juice'],
  household: ['dish soap', 'foil', 'paper towel', 'parchment', 'baking paper', 'toilet paper', 'detergent', 'sponge'],
};

const PHRASES: readonly { words: string; aisle: Aisle }[] = Object.entries(TABLE)
  .flatMap(([aisle, phrases]) => phrases.map((words) => ({ words, aisle: aisle as Aisle })))
  .sort((a, b) => b.words.length - a.words.length);

/** The words of a food, lower-case, each made singular the simple way ('tomatoes' → 'tomato'). */
export function foodWords(food: string): string[] {
  return food
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9\s-]/g, ' ')
    .split(/[\s-]+/)
    .filter(Boolean)
    .map(singular);
}

function singular(word: string): string {
  if (word.length <= 3) return word;
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.endsWith('oes') || word.endsWith('ches') || word.endsWith('shes')) return word.slice(0, -2);
  if (word.endsWith('s') && !word.endsWith('ss') && !word.endsWith('us')) return word.slice(0, -1);
  return word;
}

/** The aisle of a food (or of a line typed by hand), or null when the table does not know it. */
export function aisleOf(food: string | null): Aisle | null {
  if (!food) return null;
  const text = ` ${foodWords(food).join(' ')} `;
  for (const phrase of PHRASES) {
    if (text.includes(` ${phrase.words} `)) return phrase.aisle;
  }
  return null;
}
