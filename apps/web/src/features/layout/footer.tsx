import { COPYRIGHT_START_YEAR } from '@forkful/contracts';
import { Logo } from '@/components/ui/logo';
import { socialLinks } from './social-icons';

/**
 * Spec section 2: every footer link is a placeholder anchor. `phone` places each column in a two-column grid on
 * phones: the uppercase column runs down the left, the other two stack on the right, so the footer stays short.
 */
const columns = [
  {
    heading: 'Explore',
    links: ['Dinner', 'meals', 'ingredients', 'occasions', 'Cuisines'],
    uppercase: true,
    phone: 'row-span-2',
  },
  { heading: 'Company', links: ['About Us', 'Product Vetting', 'Advertise', 'Contact'], uppercase: false, phone: '' },
  {
    heading: 'Policies',
    links: ['Editorial Process', 'Privacy Policy', 'Terms of Service', 'Careers'],
    uppercase: false,
    phone: '',
  },
];

export function Footer() {
  const year = new Date().getFullYear();
  return (
    <footer className="mt-16 border-t border-line bg-ink text-cream sm:mt-20">
      <div className="container-page grid grid-cols-2 gap-x-6 gap-y-5 py-8 sm:gap-10 sm:py-14 lg:grid-cols-[1.3fr_1fr_1fr_1fr]">
        <div className="col-span-2 flex flex-col gap-5 border-b border-white/10 pb-6 sm:col-span-1 sm:block sm:border-0 sm:pb-0">
          <span className="inline-block self-start rounded-xl bg-cream px-3 py-2">
            <Logo size="small" />
          </span>
          <div className="flex items-center justify-between gap-4 sm:block">
            <h2 className="font-sans text-sm font-semibold tracking-[0.14em] text-cream uppercase sm:mt-6">
              Follow us
            </h2>
            <ul className="flex gap-2 sm:mt-3">
              {socialLinks.map((social) => (
                <li key={social.name}>
                  <a
                    href={social.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={`${social.label} (opens in a new tab)`}
                    className="grid size-10 place-items-center rounded-full bg-white/10 text-cream transition-colors hover:bg-brand-600 sm:size-11"
                  >
                    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5 fill-current">
                      <path d={social.path} />
                    </svg>
                  </a>
                </li>
              ))}
            </ul>
          </div>
        </div>
        {columns.map((column) => (
          <nav key={column.heading} aria-label={column.heading} className={`${column.phone} sm:row-span-1`}>
            <ul className="sm:space-y-1">
              {column.links.map((link) => (
                <li key={link}>
                  {/* eslint-disable-next-line jsx-a11y/anchor-is-valid -- spec section 2: footer links are placeholders (#) */}
                  <a
                    href="#"
                    className={`inline-block py-0.5 leading-7 text-cream/80 transition-colors hover:text-white sm:py-1.5 sm:leading-normal ${
                      column.uppercase
                        ? 'text-xs font-semibold tracking-[0.12em] uppercase sm:text-sm'
                        : 'text-[0.9375rem] sm:text-base'
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
        <p className="container-page py-4 text-sm text-cream/70 sm:py-5">{`No copyright ${COPYRIGHT_START_YEAR}-${year}`}</p>
      </div>
    </footer>
  );
}
