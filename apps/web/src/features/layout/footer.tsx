import { COPYRIGHT_START_YEAR } from '@forkful/contracts';
import { Logo } from '@/components/ui/logo';
import { socialLinks } from './social-icons';

/** Spec section 2: every footer link is a placeholder anchor. */
const columns = [
  { heading: 'Explore', links: ['Dinner', 'meals', 'ingredients', 'occasions', 'Cuisines'], uppercase: true },
  { heading: 'Company', links: ['About Us', 'Product Vetting', 'Advertise', 'Contact'], uppercase: false },
  {
    heading: 'Policies',
    links: ['Editorial Process', 'Privacy Policy', 'Terms of Service', 'Careers'],
    uppercase: false,
  },
];

export function Footer() {
  const year = new Date().getFullYear();
  return (
    <footer className="mt-20 border-t border-line bg-ink text-cream">
      <div className="container-page grid gap-10 py-12 sm:grid-cols-2 sm:py-14 lg:grid-cols-[1.3fr_1fr_1fr_1fr]">
        <div>
          <span className="inline-block rounded-xl bg-cream px-3 py-2">
            <Logo size="small" />
          </span>
          <h2 className="mt-6 font-sans text-sm font-semibold tracking-[0.14em] text-cream uppercase">Follow us</h2>
          <ul className="mt-3 flex gap-2">
            {socialLinks.map((social) => (
              <li key={social.name}>
                <a
                  href={social.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`${social.label} (opens in a new tab)`}
                  className="grid size-11 place-items-center rounded-full bg-white/10 text-cream transition-colors hover:bg-brand-600"
                >
                  <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5 fill-current">
                    <path d={social.path} />
                  </svg>
                </a>
              </li>
            ))}
          </ul>
        </div>
        {columns.map((column) => (
          <nav key={column.heading} aria-label={column.heading}>
            <ul className="space-y-1">
              {column.links.map((link) => (
                <li key={link}>
                  {/* eslint-disable-next-line jsx-a11y/anchor-is-valid -- spec section 2: footer links are placeholders (#) */}
                  <a
                    href="#"
                    className={`inline-block py-1.5 text-cream/80 transition-colors hover:text-white ${
                      column.uppercase ? 'text-sm font-semibold tracking-[0.12em] uppercase' : ''
                    }`}
                  >
                    {link}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-white/10">
        <p className="container-page py-5 text-sm text-cream/70">{`No copyright ${COPYRIGHT_START_YEAR}-${year}`}</p>
      </div>
    </footer>
  );
}
