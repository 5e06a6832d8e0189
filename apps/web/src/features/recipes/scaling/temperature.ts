import type { UnitSystem } from './unit-system';

/*
 * Oven and sugar temperatures in step text, converted between °F and °C for the reader's unit system. Only a number
 * that says it is a temperature is touched: a degree sign or the word 'degrees' before F or C, or a three-digit
 * number with a capital F or C right after it ('350F', '180 C') — '2 C' might be two cups.
 */
const TEMPERATURE =
  /(?<!\d)(\d{2,3})(?:\s*(?:-|–|to)\s*(\d{2,3}))?(?:\s*(?:°|º|degrees?\b|deg\.?)\s*(F|C|Fahrenheit|Celsius)\b|(?<=\d{3})\s?([FC])\b)/g;

/** What an oven dial or a thermometer shows: ovens in °C go in tens, in °F in twenty-fives; lower heats in fives. */
export function roundCelsius(celsius: number): number {
  const step = celsius >= 150 ? 10 : 5;
  return Math.round(celsius / step) * step;
}

export function roundFahrenheit(fahrenheit: number): number {
  const step = fahrenheit >= 300 ? 25 : 5;
  return Math.round(fahrenheit / step) * step;
}

export const fahrenheitToCelsius = (fahrenheit: number): number => roundCelsius(((fahrenheit - 32) * 5) / 9);
export const celsiusToFahrenheit = (celsius: number): number => roundFahrenheit((celsius * 9) / 5 + 32);

/** The step as written, with every temperature in the other scale turned into the system's; 'original' keeps it. */
export function convertTemperatures(step: string, system: UnitSystem): string {
  if (system === 'original') return step;
  const target = system === 'metric' ? 'C' : 'F';
  return step.replace(TEMPERATURE, (match, low: string, high: string | undefined, named?: string, bare?: string) => {
    const scale = (named ?? bare ?? '').charAt(0).toUpperCase();
    if (scale === target) return match;
    const convert = target === 'C' ? fahrenheitToCelsius : celsiusToFahrenheit;
    const range = high === undefined ? `${convert(Number(low))}` : `${convert(Number(low))}–${convert(Number(high))}`;
    return `${range}°${target}`;
  });
}
