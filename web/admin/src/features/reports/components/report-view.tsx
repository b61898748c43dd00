import { Section } from '../../../components/ui/page';
import { LoadError, Loading } from '../../../components/ui/status';
import { useReport, type ReportRange } from '../api/get-report';
import { formatRange } from '../utils/range';
import { ReportChart } from './report-chart';
import { ReportSummary } from './report-summary';
import { ReportTables } from './report-tables';

/** The report of a range: its totals, the days as a chart, and its tables. */
export function ReportView({ range }: { range: ReportRange }) {
  const report = useReport(range);
  if (report.isPending) return <Loading label="Loading the report…" />;
  if (report.isError) return <LoadError error={report.error} onRetry={() => report.refetch()} />;
  const data = report.data;
  const stale = report.isPlaceholderData;
  return (
    <div className="stack" aria-busy={stale || undefined}>
      <p className="report-range" role="status">
        {stale ? 'Loading the report…' : `Report for ${formatRange(data)}`}
      </p>
      <h2 className="visually-hidden">Totals</h2>
      <ReportSummary report={data} />
      <Section title="Days">
        <ReportChart report={data} />
      </Section>
      <ReportTables report={data} />
    </div>
  );
}
