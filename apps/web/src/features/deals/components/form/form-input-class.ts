/** A text field of the deal form: in view mode (inside a disabled fieldset) it reads like the pickers, not faded. */
export const formInputClass =
  'disabled:cursor-default disabled:border-transparent disabled:bg-muted/50 disabled:opacity-100 disabled:shadow-none';
