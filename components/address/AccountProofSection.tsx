import { Hash } from '@/components/ui/values/Hash';
import { proven } from '@/lib/checks/proof-outcome';
import type { AddressState } from '@/lib/server/address/load-address';
import { ConsistencyList, ProofStatus } from './ProofStatus';

/** The account proof: its verdict against the block's stateRoot, the roots it names, and its nodes. */
export function AccountProofSection({ state }: { state: AddressState }) {
  if (!state.proof.ok) {
    return <p className="p-4 text-sm text-bad">getProof failed: {state.proof.message}</p>;
  }
  const proof = state.proof.value;
  return (
    <div className="space-y-3 p-4 text-sm">
      {state.verdict ? (
        <ProofStatus outcome={state.verdict.outcome} what={`against the stateRoot of block #${state.header.number[2]}`} testId="account-proof" />
      ) : null}
      <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[9rem_1fr]">
        <dt className="text-muted">stateRoot</dt>
        <dd><Hash value={state.header.stateRoot} full /></dd>
        <dt className="text-muted">storageHash</dt>
        <dd><Hash value={proof.storageHash} full /></dd>
        <dt className="text-muted">codeHash</dt>
        <dd><Hash value={proof.codeHash} full /></dd>
        <dt className="text-muted">Proof nodes</dt>
        <dd>{proof.accountProof.length}</dd>
      </dl>
      {state.verdict && proven(state.verdict.outcome) ? <ConsistencyList checks={state.verdict.consistency} /> : null}
      <details>
        <summary className="cursor-pointer text-muted">The proof&apos;s nodes (RLP, root first)</summary>
        <ol className="mt-2 space-y-1">
          {proof.accountProof.map((node, i) => (
            <li key={i} className="break-all font-mono text-xs">
              <span className="text-muted">{i}: </span>
              {node}
            </li>
          ))}
        </ol>
      </details>
    </div>
  );
}
