import type { Section, ShownIngredient, ShownStep } from './sections';

/** The ingredients in their sections ('For the sauce'), each line as the reader asked for it. */
export function IngredientList({ sections }: { sections: Array<Section<ShownIngredient>> }) {
  return (
    <div className="mt-4 space-y-4 print:mt-2 print:space-y-2">
      {sections.map((section, position) => (
        <div key={position}>
          {section.title && <h3 className="text-lg font-bold print:text-base">{section.title}</h3>}
          <ul className="divide-y divide-line print:divide-y-0">
            {section.items.map((item) => (
              <li
                key={item.index}
                className="flex items-start gap-3 py-2.5 wrap-anywhere print:py-0.5"
                title={item.written ? `As written: ${item.written}` : undefined}
              >
                <span aria-hidden="true" className="mt-2 size-2 shrink-0 rounded-full bg-brand-500 print:mt-1.5" />
                {item.text}
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}

/** The steps, numbered across their sections. */
export function StepList({ sections }: { sections: Array<Section<ShownStep>> }) {
  return (
    <div className="mt-5 space-y-6 print:mt-2 print:space-y-3">
      {sections.map((section, position) => (
        <div key={position}>
          {section.title && <h3 className="mb-3 text-xl font-bold print:mb-1 print:text-base">{section.title}</h3>}
          <ol start={section.items[0]?.number} className="space-y-5 print:space-y-2">
            {section.items.map((step) => (
              <li key={step.number} className="flex gap-4 print:break-inside-avoid print:gap-2">
                <span className="grid size-9 shrink-0 place-items-center rounded-full bg-brand-600 font-display text-lg font-bold text-white print:size-6 print:border print:border-ink print:bg-white print:text-sm print:text-ink">
                  {step.number}
                </span>
                <p className="min-w-0 pt-1.5 leading-relaxed wrap-anywhere whitespace-pre-line print:pt-0 print:leading-snug">
                  {step.text}
                </p>
              </li>
            ))}
          </ol>
        </div>
      ))}
    </div>
  );
}
