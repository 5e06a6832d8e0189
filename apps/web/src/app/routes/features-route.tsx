export { FeaturesPage as Component } from '@/features/info/features-page';
