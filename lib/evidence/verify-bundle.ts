/**
 * The verifier that trusts nothing: it takes an evidence bundle (./bundle.ts) as plain JSON and
 * checks every claim in it from the data alone — no node, no network, no server code — and
 * reports each check by name with what was expected and what was found (./report.ts). The
 * browser's worker ("Check in this browser") and `npm run verify-bundle` run this same function.
 *
 *   const report = await verifyBundle(JSON.parse(text), { checkpoint });
 *   report.verdict; // 'checked' | 'failed'
 *
 * Checks, in order: bundle (readable, this version), network (whose rules), header hash, seal,
 * parent links, difficulty, timestamps, work, dominant chains (a zone or region bundle),
 * checkpoint, checkpoint work; then per kind —
 *   tx:      transaction in transactions root, transaction fields, sender's signature, receipt in
 *            receipts root, receipt fields, created address (a creation), account proof: sender /
 *            recipient (+ storage proofs)
 *   block:   transactions root, senders' signatures, receipts root, external transactions root,
 *            uncles hash (a zone block; a region or prime block's body is its zone's: `block body`
 *            says so, unchecked)
 *   address: account proof (+ storage proofs)
 * What cannot be checked from the bundle is reported `unchecked` with the reason; the report's
 * `anchor` says first whether a checkpoint ties the bundle to the network's chain, or what its
 * absence leaves open.
 */
import { hexToBytes, type Hash } from 'viem';
import { chainAtLocation } from '@/lib/protocol/chains';
import { formatInteger } from '@/lib/text/format';
import type { NetworkRules } from '@/lib/protocol/network-rules';
import { anchorOf } from './anchor';
import { readBundle, type ReadBundle } from './read-bundle';
import { fail, pass, report, unchecked, type EvidenceCheck, type EvidenceReport } from './report';
import { checkCheckpoint, checkHeaderHash, checkParentLinks, checkSeal, chainFacts, type ChainFacts } from './verify-chain';
import { checkCreatedAddress, creationOf } from './verify-creation';
import { checkDifficulty, checkTimestamps } from './verify-difficulty';
import { checkNetwork, networkFacts } from './verify-network';
import { checkCheckpointWork, checkDominant, checkWork } from './verify-work';
import {
  checkEtxRoot,
  checkReceiptFields,
  checkReceiptInRoot,
  checkReceiptsRoot,
  checkSignatures,
  checkTransactionsRoot,
  checkTxFields,
  checkTxInRoot,
  checkUncles,
  placeOf,
} from './verify-body';
import { checkAccounts } from './verify-state';
import { EVIDENCE_VERSION, isUnavailable } from './bundle';

export interface VerifyOptions {
  /** A header hash the reader trusts (pinned in the browser, `--checkpoint` on the command line). */
  readonly checkpoint?: Hash;
  /** The network the reader means (`--chain-id`): a bundle of another fails. Default: the one the bundle names. */
  readonly chainId?: bigint;
  /** The network's rules, when the reader knows them better than this verifier's table (a devnet started with another block time). */
  readonly rules?: NetworkRules;
  /** The reader's clock in milliseconds (default Date.now): headers after it (plus the network's drift) fail. */
  readonly now?: () => number;
}

function subjectLine(bundle: ReadBundle, facts: ChainFacts): string {
  const height = facts.block ? `#${formatInteger(facts.block.number[facts.context])}` : bundle.subject.block;
  const where = `block ${height} of ${bundle.chain.label}`;
  if (bundle.kind === 'tx') return `Transaction ${bundle.subject.transaction ?? ''} in ${where}`;
  if (bundle.kind === 'address') return `Account ${bundle.subject.address ?? ''} as of ${where}`;
  return `Block ${height} (${bundle.subject.block}) of ${bundle.chain.label}`;
}

export async function verifyBundle(json: unknown, options: VerifyOptions = {}): Promise<EvidenceReport> {
  let bundle: ReadBundle;
  try {
    bundle = readBundle(json);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return report('An evidence bundle that cannot be read', [fail('bundle', `a strata-evidence bundle of version ${EVIDENCE_VERSION}`, reason)], {
      anchored: false,
      text: 'Nothing could be checked: the bundle cannot be read.',
    });
  }
  const net = networkFacts(bundle, options);
  const facts = chainFacts(bundle, net, options.checkpoint, (options.now ?? Date.now)());
  const dominant = checkDominant(bundle, facts);
  const checks: EvidenceCheck[] = [
    pass('bundle', `a strata-evidence bundle of version ${EVIDENCE_VERSION}`, `a ${bundle.kind} bundle made by the ${bundle.source === 'node' ? "reader's node" : 'explorer'} at ${bundle.createdAt}`),
    checkNetwork(bundle, net),
    checkHeaderHash(bundle, facts),
    checkSeal(facts),
    checkParentLinks(bundle, facts),
    checkDifficulty(bundle, facts),
    checkTimestamps(bundle, facts),
    checkWork(bundle, facts),
    ...(dominant ? [dominant] : []),
    checkCheckpoint(bundle, facts),
    checkCheckpointWork(bundle, facts),
  ];
  const anchor = anchorOf(bundle, facts);
  const header = facts.block;
  if (!header) return report(subjectLine(bundle, facts), checks, anchor);

  if (bundle.kind === 'tx') {
    const place = placeOf(bundle);
    const receipts = bundle.body?.receipts;
    const receipt = receipts && !isUnavailable(receipts) ? receipts[place.index] : undefined;
    const created = creationOf(bundle.transaction, receipt, net);
    checks.push(
      checkTxInRoot(bundle, header, place),
      ...(await checkTxFields(bundle, place)),
      checkReceiptInRoot(bundle, header, place),
      checkReceiptFields(bundle, header, place, facts.context),
      ...(created && bundle.transaction ? [checkCreatedAddress(bundle.transaction, receipt, created, net)] : []),
      ...checkAccounts(bundle, header, receipt, created?.address),
    );
  } else if (bundle.kind === 'block' && !bundle.body) {
    const zone = chainAtLocation([...hexToBytes(header.location)]);
    checks.push(
      unchecked(
        'block body',
        `A ${bundle.chain.label} block is a zone block coincident above: its transactions, receipts and uncles are those of the ${zone?.label ?? 'zone'} block it is, ` +
          `checked by that zone's bundle of the same block (/api/v1/evidence/block/${zone?.name ?? '<zone>'}/${header.hash}).`,
      ),
    );
  } else if (bundle.kind === 'block') {
    checks.push(
      checkTransactionsRoot(bundle, header),
      await checkSignatures(bundle),
      checkReceiptsRoot(bundle, header),
      checkEtxRoot(bundle, header),
      checkUncles(bundle, header),
    );
  } else {
    checks.push(...checkAccounts(bundle, header, undefined));
  }
  return report(subjectLine(bundle, facts), checks, anchor);
}
