import { encode } from 'uqr';

/**
 * The QR code of an address, drawn as one SVG path (dark modules on white, so a camera reads it in the dark theme
 * too). Loaded on its own, with the QR encoder, when an address is first shown.
 */
export function FeedQr({ value, label }: { value: string; label: string }) {
  const { data, size } = encode(value, { ecc: 'M', border: 2 });
  let path = '';
  data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`;
    });
  });
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
      className="size-56 rounded-xl bg-white"
    >
      <path d={path} fill="#000" />
    </svg>
  );
}
