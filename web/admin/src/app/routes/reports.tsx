import { useSearchParams } from 'react-router';
import { ReportRangeForm } from '../../features/reports/components/report-range-form';
import { ReportView } from '../../features/reports/components/report-view';
import { defaultRange, rangeOf } from '../../features/reports/utils/range';
import { PageHeader } from '../../components/ui/page';
import { useNow } from '../../lib/use-now';
import { usePageTitle } from '../../lib/use-page-title';

/** The ledger's report for a range of days (in the address: ?from=…&to=…, else the last 7). */
export function ReportsPage() {
  usePageTitle('Reports');
  const [params, setParams] = useSearchParams();
  const now = useNow();
  const range = rangeOf(params.get('from'), params.get('to')) ?? defaultRange(now);
  return (
    <>
      <PageHeader
        title="Reports"
        description="Money in and out, the games' result, bonus cost and what is owed, from the ledger, per day of Turkey's time."
      />
      <div className="stack">
        <ReportRangeForm
          key={`${range.from}/${range.to}`}
          range={range}
          now={now}
          onChange={(next) => setParams({ from: next.from, to: next.to })}
        />
        <ReportView range={range} />
      </div>
    </>
  );
}
