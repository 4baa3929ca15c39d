import { NotFoundPanel } from '@/components/ui/status/NotFoundPanel';

/** The broadcast page of a deployment that turned it off (STRATA_BROADCAST=off). */
export default function BroadcastDisabled() {
  return (
    <NotFoundPanel
      title="Broadcasting is turned off here"
      reason={
        <p data-testid="broadcast-disabled">
          This deployment does not send transactions for its readers (its operator set STRATA_BROADCAST=off, as public deployments
          usually do). Send signed transactions through your wallet or your own node instead.
        </p>
      }
    />
  );
}
