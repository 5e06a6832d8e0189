import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { InfoHeader } from './info-layout';

const features = [
  {
    title: 'Recipes that read like a friend wrote them',
    text: 'Every recipe has a short story, a cooking time, an ingredient list and numbered steps — nothing to scroll past before you can start.',
  },
  {
    title: 'Search that forgives typos',
    text: 'Start typing in the search box and suggestions appear as you go. Use the arrow keys to pick one, or press Enter to see every match.',
  },
  {
    title: 'Drafts before you publish',
    text: 'Save a recipe as a draft while you perfect it. Only you can see drafts; publish when it is ready for the world.',
  },
  {
    title: 'Honest ratings and reviews',
    text: 'Cooks rate recipes from one to five stars and leave a short note. One review per cook per recipe, and you can update yours any time.',
  },
  {
    title: 'Your saved collection',
    text: 'Tap Save on anything that tempts you. Your saved recipes live on your profile, ready for the weekly shop.',
  },
  {
    title: 'Photos that load fast',
    text: 'Uploaded photos are resized for every screen, so the recipe grid stays quick even on a phone in a busy kitchen.',
  },
];

export function FeaturesPage() {
  return (
    <div className="container-page py-12 sm:py-16">
      <title>Features · Forkful</title>
      <InfoHeader eyebrow="Features" title="Built for people who actually cook">
        Forkful keeps the good parts of a recipe site — great recipes, real reviews, quick search — and leaves out the
        clutter.
      </InfoHeader>
      <ul className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
        {features.map((feature, index) => (
          <li key={feature.title} className="rounded-2xl border border-line bg-white p-6 shadow-card">
            <span className="font-display text-3xl font-bold text-brand-600/80">
              {String(index + 1).padStart(2, '0')}
            </span>
            <h2 className="mt-3 text-xl font-semibold">{feature.title}</h2>
            <p className="mt-2 text-ink-soft">{feature.text}</p>
          </li>
        ))}
      </ul>
      <div className="mt-14 flex flex-col items-start gap-4 rounded-3xl bg-ink p-8 text-cream sm:flex-row sm:items-center sm:justify-between sm:p-10">
        <div>
          <h2 className="text-2xl font-bold text-cream sm:text-3xl">Got a dish people ask you for?</h2>
          <p className="mt-2 text-cream/75">Write it down once; share it with everyone.</p>
        </div>
        <Link to="/add-recipe" className={buttonClasses('primary', 'lg')}>
          Share a recipe
        </Link>
      </div>
    </div>
  );
}
