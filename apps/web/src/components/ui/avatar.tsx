import { srcSetOf, type ImageVariant } from '@/lib/images';
import { cn } from '@/lib/cn';

interface AvatarProps {
  url: string;
  variants?: readonly ImageVariant[];
  name: string;
  className?: string;
  /** Rendered width in CSS pixels, so the browser picks the right variant. */
  px: number;
  /** Decorative when the name is written next to it. */
  decorative?: boolean;
}

export function Avatar({ url, variants, name, className, px, decorative }: AvatarProps) {
  return (
    <img
      src={url}
      srcSet={srcSetOf(variants)}
      sizes={`${px}px`}
      width={px}
      height={px}
      alt={decorative ? '' : `${name}'s avatar`}
      className={cn('shrink-0 rounded-full bg-cream-deep object-cover ring-2 ring-white', className)}
      style={{ width: px, height: px }}
    />
  );
}
