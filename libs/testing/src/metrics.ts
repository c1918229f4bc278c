/** The value of one series (`name{labels}`) in Prometheus' text format; 0 when it is not there yet. */
export function metricSample(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}
