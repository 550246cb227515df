import { useState } from 'react';

/** Which deals of a list are chosen for a bulk action; `active` is the list's selection mode ('Выбрать'). */
export type DealSelection = {
  active: boolean;
  selected: ReadonlySet<number>;
  toggle: (id: number) => void;
  start: () => void;
  stop: () => void;
};

/** `list` names what the list shows (its filters): another list forgets the deals chosen in the last one. */
export function useDealSelection(list: string): DealSelection {
  const [active, setActive] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [chosenIn, setChosenIn] = useState(list);
  if (chosenIn !== list) {
    setChosenIn(list);
    setSelected(new Set());
  }
  return {
    active,
    selected,
    toggle: (id) =>
      setSelected((before) => {
        const next = new Set(before);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
    start: () => setActive(true),
    stop: () => {
      setActive(false);
      setSelected(new Set());
    },
  };
}
