import 'uplot/dist/uPlot.min.css';

import { useEffect, useRef } from 'react';
import uPlot from 'uplot';

/**
 * One event's 30 days as a small bar chart (uPlot, loaded with this screen only). The numbers
 * are also in the table beside it, so the chart is decoration for screen readers.
 */
export function EventChart({
  label,
  dates,
  values,
}: {
  readonly label: string;
  readonly dates: readonly string[];
  readonly values: readonly number[];
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (element === null) return undefined;
    const seconds = dates.map((date) => Date.parse(`${date}T00:00:00Z`) / 1000);
    const chart = new uPlot(
      {
        width: Math.max(280, Math.min(element.clientWidth || 560, 720)),
        height: 140,
        legend: { show: false },
        cursor: { show: true, drag: { x: false, y: false } },
        scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
        axes: [
          { stroke: '#a9c3b2', grid: { stroke: '#1f3a29' }, ticks: { stroke: '#1f3a29' } },
          { stroke: '#a9c3b2', grid: { stroke: '#1f3a29' }, ticks: { stroke: '#1f3a29' }, size: 40 },
        ],
        series: [
          {},
          {
            label,
            stroke: '#39ff88',
            fill: 'rgba(57, 255, 136, 0.25)',
            paths: uPlot.paths.bars?.({ size: [0.7, 24] }),
          },
        ],
      },
      [seconds, [...values]],
      element,
    );
    return () => chart.destroy();
  }, [label, dates, values]);
  return <div ref={box} className="event-chart" aria-hidden="true" />;
}
