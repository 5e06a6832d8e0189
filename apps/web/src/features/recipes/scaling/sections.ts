import { isSectionHeading, type ParsedIngredient } from '@forkful/contracts';

export interface Section<T> {
  /** 'For the sauce' — null for the lines before the first heading. */
  title: string | null;
  items: T[];
}

/** 'For the sauce:' → 'For the sauce'. */
export const headingTitle = (line: string): string => line.trim().replace(/:$/, '');

function sectionsOf<T>(lines: readonly T[], heading: (line: T) => string | null): Array<Section<T>> {
  const sections: Array<Section<T>> = [];
  for (const line of lines) {
    const title = heading(line);
    if (title !== null) sections.push({ title, items: [] });
    else if (sections.length === 0) sections.push({ title: null, items: [line] });
    else sections.at(-1)?.items.push(line);
  }
  return sections.filter((section) => section.items.length > 0 || section.title !== null);
}

export interface ShownIngredient {
  /** Its place in the recipe's list, a stable key and the id of its tick box in cook mode. */
  index: number;
  text: string;
  /** The line as the cook wrote it, when `text` differs from it. */
  written: string | null;
}

/**
 * The ingredient list as the reader asked for it, in the recipe's sections: `present` writes a line (the
 * converter's presentIngredient, scaled and converted; by default the line as written).
 */
export function ingredientSections(
  lines: readonly ParsedIngredient[],
  present: (line: ParsedIngredient) => string = (line) => line.text,
): Array<Section<ShownIngredient>> {
  const shown = lines.map((line, index) => {
    const text = present(line);
    return { line, item: { index, text, written: text === line.text ? null : line.text } };
  });
  return sectionsOf(shown, ({ line }) => (line.isHeading ? headingTitle(line.text) : null)).map((section) => ({
    title: section.title,
    items: section.items.map(({ item }) => item),
  }));
}

export interface ShownStep {
  /** 1, 2, 3… across sections, as the steps are numbered on the page. */
  number: number;
  text: string;
  section: string | null;
}

/**
 * The steps, numbered without their headings; `convert` writes a step (the converter's temperatures in the reader's
 * scale; by default as written).
 */
export function stepSections(
  steps: readonly string[],
  convert: (step: string) => string = (step) => step,
): Array<Section<ShownStep>> {
  let number = 0;
  let section: string | null = null;
  return sectionsOf(
    steps.map((step) => {
      if (isSectionHeading(step)) {
        section = headingTitle(step);
        return { heading: section, step: null };
      }
      number += 1;
      return { heading: null, step: { number, text: convert(step), section } };
    }),
    (entry) => entry.heading,
  ).map((part) => ({ title: part.title, items: part.items.flatMap((entry) => (entry.step ? [entry.step] : [])) }));
}
