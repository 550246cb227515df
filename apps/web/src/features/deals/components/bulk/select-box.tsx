/** A deal's checkbox in the lists' selection mode: a 44 px target around the box, named after the deal. */
export function SelectBox({
  label,
  checked,
  onToggle,
}: {
  label: string;
  checked: boolean;
  onToggle: () => void;
}) {
  return (
    <label className="flex size-11 shrink-0 cursor-pointer items-center justify-center rounded-lg hover:bg-accent">
      <input
        type="checkbox"
        aria-label={label}
        checked={checked}
        onChange={onToggle}
        className="size-5 cursor-pointer accent-primary"
      />
    </label>
  );
}
