import { SearchBox, type SearchBoxProps } from '@/components/ui/search-box';
import { dealTexts } from '../../lib/kinds';

const texts = {
  label: dealTexts.search,
  placeholder: dealTexts.searchPlaceholder,
  clear: dealTexts.clearSearch,
};

/** The deal lists' search: by the other side's channel, the contact or our channel, name or @username. */
export function DealSearchBox(props: Omit<SearchBoxProps, 'texts'>) {
  return <SearchBox {...props} texts={texts} />;
}
