import { HomePage } from '@/features/home/home-page';
import { useFocusSearch } from '../root-layout';

export function Component() {
  const focusSearch = useFocusSearch();
  return <HomePage onSearch={focusSearch} />;
}
