/** The AdDesk mark: the same drawing as public/icons/icon.svg. Decorative: the wordmark names it. A `className` gives
 * its size (`size-12` without one). */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true" focusable="false" className={className ?? 'size-12'}>
      <rect width="64" height="64" rx="16" fill="#2563eb" />
      <path d="M32 13 48.5 51H40.6L37.3 43H26.7L23.4 51H15.5ZM29.2 36.6H34.8L32 29.5Z" fill="#ffffff" />
    </svg>
  );
}
