export { AboutPage as Component } from '@/features/info/about-page';
