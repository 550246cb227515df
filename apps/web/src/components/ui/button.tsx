import { cva, type VariantProps } from 'class-variance-authority';
import { Slot } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

// `cn` only joins classes (no tailwind-merge: 8.5 KB on every first load, decision 009's sixth round), and Tailwind
// orders two utilities of one property by its own order, not by the class attribute's. So every property a caller may
// change is a variant here, and a caller never passes a class of a property the button sets: `size={null}` leaves the
// size out for a caller that gives its own (height, padding, text size).
export const buttonVariants = cva(
  'inline-flex select-none justify-center rounded-lg font-medium transition-colors focus-visible:outline-2 focus-visible:outline-ring focus-visible:outline-offset-2 disabled:pointer-events-none disabled:opacity-50 [&_svg]:pointer-events-none [&_svg]:size-5 [&_svg]:shrink-0',
  {
    variants: {
      variant: {
        default: 'bg-primary text-primary-foreground hover:bg-primary/90 active:bg-primary/80',
        secondary: 'bg-secondary text-secondary-foreground hover:bg-secondary/80 active:bg-secondary/70',
        // No background of its own (a button's is transparent by Tailwind's preflight): a caller may give one (bg-card).
        outline: 'border border-input hover:bg-accent active:bg-accent/80',
        ghost: 'bg-transparent hover:bg-accent active:bg-accent/80',
        destructive: 'bg-transparent text-destructive hover:bg-destructive/10 active:bg-destructive/15',
        /** The confirming button of a destructive action ('Да, удалить канал'). */
        danger: 'bg-destructive text-destructive-foreground hover:bg-destructive/90 active:bg-destructive/80',
      },
      size: {
        default: 'min-h-11 px-4 py-2 text-base',
        lg: 'min-h-12 w-full px-5 py-3 text-base',
        sm: 'min-h-11 px-3 text-sm',
        icon: 'size-11 text-base',
      },
      /** Takes the row's free room (`flex-1`) instead of keeping its own width. */
      grow: { true: 'flex-1', false: 'shrink-0' },
      /** Its text may take more lines. */
      wrap: { true: 'whitespace-normal', false: 'whitespace-nowrap' },
      /** Lines one under another at the start (a title and its hint) instead of a centred row. */
      stack: { true: 'flex-col items-start gap-0', false: 'items-center gap-2' },
    },
    defaultVariants: { variant: 'default', size: 'default', grow: false, wrap: false, stack: false },
  },
);

export type ButtonProps = ComponentProps<'button'> &
  VariantProps<typeof buttonVariants> & {
    /** Render the single child (a Link, an <a>) with the button's look instead of a <button>. */
    asChild?: boolean;
  };

export function Button({
  className,
  variant,
  size,
  grow,
  wrap,
  stack,
  asChild = false,
  type,
  ...props
}: ButtonProps) {
  if (asChild) {
    return (
      <Slot.Root
        data-slot="button"
        className={cn(buttonVariants({ variant, size, grow, wrap, stack }), className)}
        {...props}
      />
    );
  }
  return (
    <button
      data-slot="button"
      type={type ?? 'button'}
      className={cn(buttonVariants({ variant, size, grow, wrap, stack }), className)}
      {...props}
    />
  );
}
