import { unitInfo, type ParsedIngredient } from '@forkful/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { makeIngredient } from '@/test/factories';
import { densityOf } from './density';
import { convertAmount, formatAmount, measure, presentIngredient, scaleAmount, type Amount } from './amounts';

// Built through the contract's schema (test/factories), so a line cannot drift from what the parser answers.
const line = (overrides: Partial<ParsedIngredient>): ParsedIngredient => makeIngredient({ text: '', ...overrides });

const flour = line({ text: '1 1/2 cups flour', quantity: 1.5, unit: 'cup', food: 'flour' });
const butter = line({ text: '2 tbsp butter', quantity: 2, unit: 'tbsp', food: 'butter' });
const salt = line({ text: 'salt to taste', food: 'salt', note: 'to taste' });

describe('presentIngredient', () => {
  it('shows a line as written when nothing changes it', () => {
    expect(presentIngredient(flour, 1, 'original')).toBe('1 1/2 cups flour');
    expect(presentIngredient(flour, 1, 'us')).toBe('1 1/2 cups flour');
    expect(presentIngredient(salt, 3, 'metric')).toBe('salt to taste');
    const heading = line({ text: 'For the sauce:', isHeading: true });
    expect(presentIngredient(heading, 2, 'metric')).toBe('For the sauce:');
  });

  it('scales quantities as a cook writes them, both ends of a range', () => {
    expect(presentIngredient(flour, 2, 'original')).toBe('3 cups flour');
    expect(presentIngredient(flour, 0.5, 'original')).toBe('¾ cup flour');
    expect(presentIngredient(flour, 1 / 3, 'original')).toBe('½ cup flour');
    expect(
      presentIngredient(line({ text: '1/3 tsp salt', quantity: 1 / 3, unit: 'tsp', food: 'salt' }), 1.5, 'original'),
    ).toBe('½ tsp salt');
    const potatoes = line({ text: '3 to 4 potatoes', quantity: 3, quantityMax: 4, food: 'potatoes' });
    expect(presentIngredient(potatoes, 2, 'original')).toBe('6–8 potatoes');
    const garlic = line({
      text: '2 cloves garlic, minced',
      quantity: 2,
      unit: 'clove',
      food: 'garlic',
      note: 'minced',
    });
    expect(presentIngredient(garlic, 1.5, 'metric')).toBe('3 cloves garlic, minced');
    expect(
      presentIngredient(line({ text: '250 g rice', quantity: 250, unit: 'g', food: 'rice' }), 0.75, 'original'),
    ).toBe('190 g rice');
  });

  it('converts within a kind, and between volume and weight only for foods of known density', () => {
    expect(presentIngredient(flour, 1, 'metric')).toBe('190 g flour');
    expect(presentIngredient(flour, 2, 'metric')).toBe('375 g flour');
    expect(presentIngredient(line({ text: '1 cup milk', quantity: 1, unit: 'cup', food: 'milk' }), 1, 'metric')).toBe(
      '240 ml milk',
    );
    const stock = line({ text: '1 cup stock', quantity: 1, unit: 'cup', food: 'chicken stock' });
    expect(presentIngredient(stock, 1, 'metric')).toBe('240 ml chicken stock');
    const chocolate = line({ text: '100 g chocolate', quantity: 100, unit: 'g', food: 'dark chocolate' });
    expect(presentIngredient(chocolate, 1, 'us')).toBe('3 ½ oz dark chocolate');
    expect(presentIngredient(line({ text: '500 g flour', quantity: 500, unit: 'g', food: 'flour' }), 1, 'us')).toBe(
      '4 cups flour',
    );
    expect(presentIngredient(line({ text: '1 lb beef', quantity: 1, unit: 'lb', food: 'beef' }), 3, 'metric')).toBe(
      '1.36 kg beef',
    );
    expect(presentIngredient(line({ text: '1,5 l water', quantity: 1.5, unit: 'l', food: 'water' }), 1, 'us')).toBe(
      '6 ⅓ cups water',
    );
  });

  it('keeps small spoon measures as spoons, and turns many spoons into cups or grams', () => {
    expect(presentIngredient(butter, 2, 'metric')).toBe('4 tbsp butter');
    expect(presentIngredient(line({ text: '5 ml vanilla', quantity: 5, unit: 'ml', food: 'vanilla' }), 1, 'us')).toBe(
      '1 tsp vanilla',
    );
    expect(presentIngredient(butter, 8, 'us')).toBe('1 cup butter');
    expect(presentIngredient(butter, 8, 'metric')).toBe('225 g butter');
  });

  it('writes a line again only when no number is lost; otherwise keeps its words and says how much more', () => {
    const juice = line({ text: 'Juice of 1 lemon', quantity: 1, food: 'Juice of lemon' });
    expect(presentIngredient(juice, 2, 'original')).toBe('Juice of 1 lemon (×2)');
    expect(presentIngredient(juice, 1, 'metric')).toBe('Juice of 1 lemon');
    const eggs = line({ text: '1 egg and 1 egg yolk', quantity: 1, food: 'egg and 1 egg yolk' });
    expect(presentIngredient(eggs, 1.5, 'original')).toBe('1 egg and 1 egg yolk (×1 ½)');
    const chicken = line({
      text: '1 whole chicken, about 1.6 kg',
      quantity: 1,
      food: 'whole chicken',
      note: 'about 1.6 kg',
    });
    expect(presentIngredient(chicken, 2, 'original')).toBe('1 whole chicken, about 1.6 kg (×2)');
    // A time or a size in the note does not grow with the recipe.
    const rice = line({
      text: '300 g rice, soaked for 30 minutes',
      quantity: 300,
      unit: 'g',
      food: 'rice',
      note: 'soaked for 30 minutes',
    });
    expect(presentIngredient(rice, 2, 'original')).toBe('600 g rice, soaked for 30 minutes');
  });

  it('counts in the plural when one becomes more, and writes a metric amount in the larger unit past 1000', () => {
    const onion = line({ text: '1 onion, diced', quantity: 1, food: 'onion', note: 'diced' });
    expect(presentIngredient(onion, 2, 'original')).toBe('2 onions, diced');
    const eggs = line({ text: '2 eggs', quantity: 2, food: 'eggs' });
    expect(presentIngredient(eggs, 0.5, 'original')).toBe('1 egg');
    const potatoes = line({ text: '800 g potatoes', quantity: 800, unit: 'g', food: 'potatoes' });
    expect(presentIngredient(potatoes, 2, 'original')).toBe('1.6 kg potatoes');
  });

  it('writes US measures in the fractions their cups and spoons come in', () => {
    const butter = line({ text: '30 g butter', quantity: 30, unit: 'g', food: 'butter' });
    expect(presentIngredient(butter, 1, 'us')).toBe('2 tbsp butter');
    const cheese = line({ text: '250 g mozzarella', quantity: 250, unit: 'g', food: 'mozzarella' });
    expect(presentIngredient(cheese, 1, 'us')).toBe('9 oz mozzarella');
    const stock = line({ text: '1.2 l stock', quantity: 1.2, unit: 'l', food: 'stock' });
    expect(presentIngredient(stock, 1, 'us')).toBe('5 cups stock');
  });

  it('leaves units without a size alone', () => {
    const pinch = line({ text: 'a pinch of salt', quantity: 1, unit: 'pinch', food: 'salt' });
    expect(presentIngredient(pinch, 2, 'metric')).toBe('2 pinches salt');
    expect(presentIngredient(line({ text: '2 eggs', quantity: 2, food: 'eggs' }), 1, 'metric')).toBe('2 eggs');
  });
});

describe('formatAmount', () => {
  it('writes metric amounts on the marks of a scale or jug, never 236.588 ml', () => {
    expect(formatAmount({ quantity: 236.588, quantityMax: null, unit: 'ml' })).toBe('240 ml');
    expect(formatAmount({ quantity: 1.2499, quantityMax: null, unit: 'kg' })).toBe('1.25 kg');
    expect(formatAmount({ quantity: 0.5, quantityMax: 1, unit: 'tsp' })).toBe('½–1 tsp');
    expect(formatAmount({ quantity: 1, quantityMax: null, unit: 'cup' })).toBe('1 cup');
    expect(formatAmount({ quantity: 2, quantityMax: null, unit: 'cup' })).toBe('2 cups');
  });
});

// Property tests: scaling is exact arithmetic; conversions lose no more than their rounding.

const SIZED_UNITS = ['g', 'kg', 'oz', 'lb', 'ml', 'dl', 'l', 'tsp', 'tbsp', 'cup', 'fl oz', 'pt', 'qt'];
const FOODS = [null, 'flour', 'sugar', 'butter', 'milk', 'water', 'rice', 'chicken stock', 'parsley'];

const amountArb = fc.record({
  quantity: fc.double({ min: 0.05, max: 500, noNaN: true }),
  spread: fc.option(fc.double({ min: 1, max: 3, noNaN: true }), { nil: null }),
  unit: fc.constantFrom(...SIZED_UNITS),
});
const toAmount = ({ quantity, spread, unit }: { quantity: number; spread: number | null; unit: string }): Amount => ({
  quantity,
  quantityMax: spread === null ? null : quantity * spread,
  unit,
});

const sizeOf = (unit: string | null) => unitInfo(unit)?.size ?? 1;
const isMetric = (unit: string | null) => ['mg', 'g', 'kg', 'ml', 'cl', 'dl', 'l'].includes(unit ?? '');

/** The most `measure` (or the fraction a cook reads) can move a value, in grams or millilitres. */
function roundingBound(amount: Amount): number {
  const value = amount.quantity * sizeOf(amount.unit);
  if (isMetric(amount.unit)) {
    const mass = unitInfo(amount.unit)?.kind === 'mass';
    const step = mass
      ? value < 10
        ? 0.5
        : value < 100
          ? 1
          : value < 1000
            ? 5
            : 10
      : value < 10
        ? 1
        : value < 100
          ? 5
          : value < 1000
            ? 10
            : 50;
    return step / 2 + 1e-9;
  }
  const q = amount.quantity;
  // Half the finest step each measure is written in (cups in quarters and thirds, spoons of butter in halves…).
  const finest: Record<string, number> = { cup: 1 / 8, pt: 1 / 8, qt: 1 / 8, 'fl oz': 1 / 8, tbsp: 1 / 4, lb: 1 / 8 };
  const fraction =
    q >= 20
      ? 1 / 2
      : q >= 10
        ? 1 / 4
        : amount.unit === 'oz'
          ? q < 1
            ? 1 / 8
            : 1 / 4
          : (finest[amount.unit ?? ''] ?? 1 / 16);
  return fraction * sizeOf(amount.unit) + 1e-9;
}

/** What the reader sees, back in grams or millilitres. */
function shownBase(amount: Amount): number {
  const value = isMetric(amount.unit) ? measure(amount.quantity, amount.unit) : amount.quantity;
  return value * sizeOf(amount.unit);
}

describe('properties', () => {
  it('scaling by k and then by 1/k gives the original quantities back', () => {
    fc.assert(
      fc.property(amountArb, fc.double({ min: 0.01, max: 100, noNaN: true }), (raw, k) => {
        const amount = toAmount(raw);
        const scaled = scaleAmount(amount, k);
        // Both ends of a range move together: the range keeps its proportions.
        if (amount.quantityMax !== null) {
          expect((scaled.quantityMax ?? 0) / scaled.quantity).toBeCloseTo(amount.quantityMax / amount.quantity, 9);
        }
        const back = scaleAmount(scaled, 1 / k);
        expect(back.quantity).toBeCloseTo(amount.quantity, 9);
        if (amount.quantityMax === null) expect(back.quantityMax).toBeNull();
        else expect(back.quantityMax).toBeCloseTo(amount.quantityMax, 9);
        expect(back.unit).toBe(amount.unit);
      }),
    );
  });

  it('a range stays a range in the same order after scaling and converting', () => {
    fc.assert(
      fc.property(amountArb, fc.constantFrom(...FOODS), fc.constantFrom('metric', 'us'), (raw, food, system) => {
        const amount = toAmount(raw);
        const shown = convertAmount(amount, food, system as 'metric' | 'us');
        expect(shown.quantityMax === null).toBe(amount.quantityMax === null);
        if (shown.quantityMax !== null) expect(shown.quantityMax).toBeGreaterThanOrEqual(shown.quantity);
      }),
    );
  });

  it('metric → US → metric (and US → metric → US) returns the amount within the rounding of each step', () => {
    fc.assert(
      fc.property(amountArb, fc.constantFrom(...FOODS), fc.constantFrom('metric', 'us'), (raw, food, first) => {
        const amount = toAmount(raw);
        const second = first === 'metric' ? 'us' : 'metric';
        const there = convertAmount(amount, food, first as 'metric' | 'us');
        const back = convertAmount(there, food, second as 'metric' | 'us');
        // Density conversions compare in the unit's own kind, so both sides are brought back to it.
        const kind = unitInfo(amount.unit)?.kind;
        const toKind = (a: Amount, base: number) => {
          const density = densityOf(food)?.gramsPerMl;
          const k = unitInfo(a.unit)?.kind;
          if (k === kind || density === undefined) return base;
          return k === 'mass' ? base / density : base * density;
        };
        const originalBase = amount.quantity * sizeOf(amount.unit);
        const thereBase = toKind(there, shownBase(there));
        const backBase = toKind(back, shownBase(back));
        const bound = (a: Amount) => toKind(a, roundingBound(a));
        expect(Math.abs(thereBase - originalBase)).toBeLessThanOrEqual(bound(there) + originalBase * 1e-9);
        expect(Math.abs(backBase - originalBase)).toBeLessThanOrEqual(bound(there) + bound(back) + originalBase * 1e-9);
      }),
    );
  });
});
