import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { InfoHeader } from './info-layout';

const values = [
  {
    title: 'Open source',
    text: 'Forkful is free software. Anyone can read the code, run their own copy, or help improve it.',
  },
  { title: 'Cooks first', text: 'No pop-ups, no life stories before the ingredients. The recipe is the page.' },
  { title: 'Kind feedback', text: 'Reviews are short and specific, so the next cook learns something useful.' },
];

export function AboutPage() {
  return (
    <div className="container-page py-12 sm:py-16">
      <title>About · Forkful</title>
      <InfoHeader eyebrow="About us" title="A shared kitchen notebook">
        Forkful started with a simple idea: the best recipes are the ones passed between friends. We built a place where
        those recipes can be written down, cooked, rated and improved together.
      </InfoHeader>
      <div className="mt-12 grid gap-10 lg:grid-cols-[1.2fr_1fr]">
        <div className="space-y-5 text-lg leading-relaxed text-ink-soft">
          <p>
            Visitors can browse every published recipe, search by name and read what other cooks thought. Create an
            account and you can publish your own recipes, keep drafts while you tinker, save the ones you want to try
            and leave a review for the dishes you have cooked.
          </p>
          <p>
            We keep things deliberately small: a title, a short introduction, how long it takes, what you need and what
            to do. Good photos help, but a recipe without one is still welcome.
          </p>
          <p>
            Forkful is an open-source project maintained by volunteers. If something feels off, tell us — or send a fix.
          </p>
        </div>
        <ul className="space-y-4">
          {values.map((value) => (
            <li key={value.title} className="rounded-2xl border border-line bg-white p-6 shadow-card">
              <h2 className="text-xl font-semibold">{value.title}</h2>
              <p className="mt-1.5 text-ink-soft">{value.text}</p>
            </li>
          ))}
        </ul>
      </div>
      <div className="mt-14 flex flex-wrap gap-3">
        <Link to="/recipes" className={buttonClasses('primary', 'lg')}>
          Start browsing
        </Link>
        <Link to="/signup" className={buttonClasses('secondary', 'lg')}>
          Join Forkful
        </Link>
      </div>
    </div>
  );
}
