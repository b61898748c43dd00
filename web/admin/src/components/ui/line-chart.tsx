import { useEffect, useRef, useState } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { colours } from '@shared/tokens';

/**
 * A line chart of a few series over evenly spaced points (days), drawn by uPlot on a canvas: the
 * site's colours, an axis label per point where there is room, and a line above the plot that
 * reads out the point under the pointer. The canvas is a picture for screen readers (`label`);
 * the figures themselves are in a table beside every chart of the back office.
 *
 * uPlot draws straight into the DOM and has no React of its own, so it is the same under React
 * (the dev server, the tests) and under Preact's compat layer (the production build).
 */

export interface ChartSeries {
  label: string;
  /** The line's colour (a token's: shared/tokens.ts). */
  colour: string;
  values: number[];
}

interface LineChartProps {
  /** The picture's name for screen readers: what it shows and where the figures are. */
  label: string;
  /** Each point's axis label (`7 Mar`). */
  ticks: string[];
  /** Each point's name in the read-out (`Fri 7 Mar 2025`). */
  points: string[];
  series: ChartSeries[];
  /** A value in the read-out (`1.234,56 ₺`). */
  formatValue: (value: number) => string;
  /** A value on the side axis (`1.235 ₺`). */
  formatAxis: (value: number) => string;
  height?: number;
}

const FONT = "12px 'Inter Variable', Inter, system-ui, sans-serif";

/** Whether this browser draws on a canvas (a test's DOM does not). */
function canDraw(): boolean {
  try {
    return document.createElement('canvas').getContext('2d') !== null;
  } catch {
    return false;
  }
}

/** `#rrggbb` with an alpha (`#rrggbbaa`), for the area under a line. */
const faint = (colour: string) => (/^#[0-9a-f]{6}$/i.test(colour) ? `${colour}1a` : colour);

export function LineChart({
  label,
  ticks,
  points,
  series,
  formatValue,
  formatAxis,
  height = 280,
}: LineChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const [hover, setHover] = useState<number | null>(null);
  const [drawable] = useState(canDraw);

  // The latest labels and formats, read by the chart's callbacks without drawing it again.
  const text = useRef({ ticks, formatAxis });
  useEffect(() => {
    text.current = { ticks, formatAxis };
  });

  useEffect(() => {
    const target = box.current;
    if (!target || !drawable) return;
    const count = ticks.length;
    const axis = {
      stroke: colours.textSecondary,
      font: FONT,
      grid: { stroke: colours.line, width: 1 },
      ticks: { stroke: colours.line, width: 1, size: 4 },
    };
    const options: uPlot.Options = {
      width: Math.max(target.clientWidth, 200),
      height,
      padding: [16, 28, 0, 4],
      legend: { show: false },
      cursor: {
        drag: { x: false, y: false },
        points: { size: 8, width: 2 },
      },
      scales: {
        x: {
          time: false,
          // One point alone sits in the middle, not on the edge.
          range: (_u, min, max) => (min === max ? [min - 1, max + 1] : [min, max]),
        },
        y: {
          range: (_u, min, max) => {
            const low = Math.min(0, min);
            const high = Math.max(0, max);
            if (low === high) return [0, 1];
            return uPlot.rangeNum(low, high, 0.1, true);
          },
        },
      },
      axes: [
        {
          ...axis,
          space: 56,
          incrs: [1, 2, 3, 7, 14, 28],
          values: (_u, splits) =>
            splits.map((i) => (Number.isInteger(i) ? (text.current.ticks[i] ?? '') : '')),
        },
        {
          ...axis,
          size: 96,
          values: (_u, splits) => splits.map((v) => text.current.formatAxis(v)),
        },
      ],
      series: [
        {},
        ...series.map((s) => ({
          label: s.label,
          stroke: s.colour,
          width: 2,
          fill: faint(s.colour),
          points: { show: count <= 45, size: 5, fill: s.colour, stroke: s.colour },
        })),
      ],
      hooks: {
        setCursor: [(u: uPlot) => setHover(u.cursor.idx ?? null)],
      },
    };
    const data: uPlot.AlignedData = [
      Array.from({ length: count }, (_, i) => i),
      ...series.map((s) => s.values),
    ];
    const chart = new uPlot(options, data, target);
    const resize = new ResizeObserver(() => {
      chart.setSize({ width: Math.max(target.clientWidth, 200), height });
    });
    resize.observe(target);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [drawable, series, ticks.length, height]);

  const at = hover !== null && hover >= 0 && hover < points.length ? hover : null;

  return (
    <figure className="chart">
      <figcaption className="chart__legend">
        <span className="chart__point" aria-hidden="true">
          {at === null ? 'Point at a day for its figures' : points[at]}
        </span>
        <ul className="chart__series">
          {series.map((s) => (
            <li key={s.label}>
              <span className="chart__swatch" style={{ background: s.colour }} aria-hidden="true" />
              {s.label}
              {at !== null ? (
                <strong className="tabular" aria-hidden="true">
                  {formatValue(s.values[at] ?? 0)}
                </strong>
              ) : null}
            </li>
          ))}
        </ul>
      </figcaption>
      <div ref={box} className="chart__plot" role="img" aria-label={label} style={{ height }}>
        {drawable ? null : (
          <p className="chart__fallback">This browser cannot draw the chart: see the table.</p>
        )}
      </div>
    </figure>
  );
}
