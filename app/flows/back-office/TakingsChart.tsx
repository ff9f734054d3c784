import { formatPence } from "~/pricing/money";

export interface ChartDay {
  date: string;
  netPence: number;
  orders: number;
}

const WIDTH = 600;
const HEIGHT = 160;
const PAD_TOP = 8;
const PAD_BOTTOM = 4;

const shortDay = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  timeZone: "UTC",
});
const longDay = new Intl.DateTimeFormat("en-GB", {
  weekday: "short",
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "UTC",
});

/** "24 Nov" for a UK day "2026-11-24" (the date is already London's; shown as it is). */
export function dayLabel(date: string, long = false): string {
  const instant = new Date(`${date}T12:00:00Z`);
  return (long ? longDay : shortDay).format(instant);
}

/**
 * Net takings per UK day as bars (X-DAY-2), drawn on the server as SVG: no chart library reaches
 * the browser. The drawing is hidden from screen readers, which get the same figures as a table.
 */
export function TakingsChart({ days, title }: { days: readonly ChartDay[]; title: string }) {
  const most = Math.max(1, ...days.map((d) => d.netPence));
  const least = Math.min(0, ...days.map((d) => d.netPence));
  const span = most - least;
  const plot = HEIGHT - PAD_TOP - PAD_BOTTOM;
  const y = (pence: number) => PAD_TOP + ((most - pence) / span) * plot;
  const zero = y(0);
  const slot = WIDTH / Math.max(1, days.length);
  const bar = Math.max(2, slot * 0.7);
  return (
    <figure className="space-y-2">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="h-auto max-h-56 w-full"
        preserveAspectRatio="none"
        aria-hidden="true"
        focusable="false"
        role="presentation"
      >
        <line
          x1={0}
          x2={WIDTH}
          y1={zero}
          y2={zero}
          stroke="#5c5b57"
          strokeWidth={1}
          vectorEffect="non-scaling-stroke"
        />
        {days.map((day, i) => {
          const top = Math.min(y(day.netPence), zero);
          const height = Math.abs(y(day.netPence) - zero);
          return (
            <g key={day.date}>
              <rect
                x={i * slot + (slot - bar) / 2}
                y={top}
                width={bar}
                height={Math.max(day.netPence === 0 ? 0 : 1, height)}
                fill={day.netPence < 0 ? "#9e0c24" : "#0b0b0c"}
              />
            </g>
          );
        })}
      </svg>
      {days.length > 0 ? (
        <p className="flex justify-between text-sm text-muted" aria-hidden="true">
          <span>{dayLabel(days[0]!.date)}</span>
          {days.length > 1 ? <span>{dayLabel(days[days.length - 1]!.date)}</span> : null}
        </p>
      ) : null}
      <figcaption className="text-sm text-muted">
        {title}. Highest day {formatPence(Math.max(0, ...days.map((d) => d.netPence)))}.
      </figcaption>
      {/* The table inside a visually hidden box: a table ignores the 1 px width of sr-only and
          made the dashboard scroll sideways at 390 px (X-TRUE-13). */}
      <div className="sr-only">
        {/* sr-only's nowrap would make the caption one 400 px line (X-A11Y-5). */}
        <table className="whitespace-normal">
          <caption>{title}, by day</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Net takings</th>
              <th scope="col">Orders</th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.date}>
                <th scope="row">{dayLabel(day.date, true)}</th>
                <td>{formatPence(day.netPence)}</td>
                <td>{day.orders}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
