import type { PublicReport } from '@addesk/contract';
import { formatCount } from '@/lib/format';
import { shortDateTime } from './post-facts';
import { postTexts as t } from './post-texts';

type Reading = PublicReport['views'][number];

/** 'Просмотры по времени, 05.03 14:30–07.03 14:30: от 1 200 до 12 300, 4 замера.' for a screen reader. */
export function viewsSummary(views: Reading[]): string {
  const first = views[0];
  const last = views.at(-1);
  if (!first || !last) return t.chartEmpty;
  const span =
    first === last ? shortDateTime(first.at) : `${shortDateTime(first.at)}–${shortDateTime(last.at)}`;
  return `${t.chartTitle}, ${span}: от ${formatCount(first.views)} до ${formatCount(last.views)}.`;
}

const WIDTH = 300;
const HEIGHT = 80;

/**
 * The post's views over time as a line (an SVG polyline, no chart library), placed by the readings' real times. One
 * image with its summary for screen readers; the readings themselves are few and the figures stand beside it.
 */
export function ViewsChart({ views }: { views: Reading[] }) {
  if (views.length === 0) return <p className="text-muted-foreground text-sm">{t.chartEmpty}</p>;
  const times = views.map((reading) => Date.parse(reading.at));
  const start = Math.min(...times);
  const span = Math.max(1, Math.max(...times) - start);
  const top = Math.max(1, ...views.map((reading) => reading.views));
  const points = views.map((reading, index) => ({
    x: (views.length === 1 ? WIDTH / 2 : (((times[index] ?? start) - start) / span) * WIDTH).toFixed(1),
    y: (HEIGHT - (reading.views / top) * (HEIGHT - 4) - 2).toFixed(1),
  }));
  const first = views[0];
  const last = views.at(-1);
  return (
    <div className="flex flex-col gap-1">
      <svg
        role="img"
        aria-label={viewsSummary(views)}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        className="h-20 w-full"
      >
        <line x1={0} y1={HEIGHT - 0.5} x2={WIDTH} y2={HEIGHT - 0.5} className="stroke-border" />
        <polyline
          points={points.map(({ x, y }) => `${x},${y}`).join(' ')}
          fill="none"
          strokeWidth={2}
          vectorEffect="non-scaling-stroke"
          className="stroke-primary"
        />
        {/* Each reading a dot (one reading is nothing but its dot): a line of no length with round caps, whose
            stroke does not scale, stays round in the stretched drawing where a circle would not. */}
        {points.map(({ x, y }) => (
          <line
            key={`${x},${y}`}
            x1={x}
            y1={y}
            x2={x}
            y2={y}
            strokeWidth={6}
            strokeLinecap="round"
            vectorEffect="non-scaling-stroke"
            className="stroke-primary"
          />
        ))}
      </svg>
      <div className="flex justify-between text-muted-foreground text-xs tabular-nums" aria-hidden="true">
        <span>{first ? shortDateTime(first.at) : null}</span>
        {last && last !== first ? <span>{shortDateTime(last.at)}</span> : null}
      </div>
    </div>
  );
}
