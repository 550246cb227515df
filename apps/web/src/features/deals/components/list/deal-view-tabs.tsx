import type { KeyboardEvent } from 'react';
import { cn } from '@/lib/utils';
import type { DealListView } from '../../lib/deal-search';
import { dealTexts } from '../../lib/kinds';

const views: ReadonlyArray<{ id: DealListView; label: string }> = [
  { id: 'cards', label: dealTexts.cards },
  { id: 'table', label: dealTexts.table },
];

export type DealViewTabsProps = {
  view: DealListView;
  /** The ids' prefix: each tab is `${tabsId}-${view}`, the panel they control `${tabsId}-panel`. */
  tabsId: string;
  onChange: (view: DealListView) => void;
};

/** The lists' 'Карточки' / 'Таблица' tabs; the arrow keys move between them, as a tab list's do. */
export function DealViewTabs({ view, tabsId, onChange }: DealViewTabsProps) {
  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    const next = view === 'cards' ? 'table' : 'cards';
    onChange(next);
    document.getElementById(`${tabsId}-${next}`)?.focus();
  };

  return (
    <div
      role="tablist"
      aria-label={dealTexts.views}
      className="grid flex-1 grid-cols-2 gap-1 rounded-lg bg-muted p-1"
    >
      {views.map((tab) => {
        const selected = tab.id === view;
        return (
          <button
            key={tab.id}
            type="button"
            role="tab"
            id={`${tabsId}-${tab.id}`}
            aria-selected={selected}
            aria-controls={`${tabsId}-panel`}
            tabIndex={selected ? 0 : -1}
            onKeyDown={onTabKey}
            onClick={() => onChange(tab.id)}
            className={cn(
              'min-h-11 rounded-md font-medium text-sm transition-colors',
              selected ? 'bg-card text-foreground shadow-sm' : 'text-muted-foreground hover:text-foreground',
            )}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}
