import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { celsiusToFahrenheit, convertTemperatures, fahrenheitToCelsius } from './temperature';

describe('convertTemperatures', () => {
  it('turns °F into the °C an oven dial shows, and back', () => {
    expect(convertTemperatures('Heat the oven to 350°F.', 'metric')).toBe('Heat the oven to 180°C.');
    expect(convertTemperatures('Bake at 425 degrees F for 20 minutes', 'metric')).toBe('Bake at 220°C for 20 minutes');
    expect(convertTemperatures('Roast at 200 °C (fan 180°C)', 'us')).toBe('Roast at 400°F (fan 350°F)');
    expect(convertTemperatures('Heat to 180C, then 375-400 F', 'us')).toBe('Heat to 350°F, then 375-400 F');
    expect(convertTemperatures('Bake at 375-400°F', 'metric')).toBe('Bake at 190–200°C');
    expect(convertTemperatures('Cook to 240°F (soft ball)', 'metric')).toBe('Cook to 115°C (soft ball)');
  });

  it('leaves text that is not a temperature, and the reader’s own scale, alone', () => {
    expect(convertTemperatures('Add 2 C of stock and 12 F of love', 'metric')).toBe(
      'Add 2 C of stock and 12 F of love',
    );
    expect(convertTemperatures('Heat the oven to 180°C.', 'metric')).toBe('Heat the oven to 180°C.');
    expect(convertTemperatures('Heat the oven to 350°F.', 'original')).toBe('Heat the oven to 350°F.');
    expect(convertTemperatures('Year 1350°F', 'metric')).toBe('Year 1350°F');
  });

  it('°F → °C → °F lands within the two roundings (half a 10 °C step, half a 25 °F step)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 32, max: 550 }), (fahrenheit) => {
        const back = celsiusToFahrenheit(fahrenheitToCelsius(fahrenheit));
        expect(Math.abs(back - fahrenheit)).toBeLessThanOrEqual(5 * 1.8 + 12.5);
      }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 290 }), (celsius) => {
        const back = fahrenheitToCelsius(celsiusToFahrenheit(celsius));
        expect(Math.abs(back - celsius)).toBeLessThanOrEqual(12.5 / 1.8 + 5);
      }),
    );
  });
});
