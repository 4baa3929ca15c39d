/**
 * The token page's holders, summed by the index from transfers, checked against the node's
 * balanceOf at the block the index had reached: a verdict per holder that says why it differs.
 *
 * Pure and framework-free: the loader reads the node, this judges. The two can disagree for
 * reasons that are not the index's fault — a token that mints or burns without a Transfer event,
 * rebasing tokens, balances changed by a reorg the index has not yet seen — so a difference is
 * shown, not hidden and not "corrected".
 */

export interface IndexedHolder {
  readonly address: string;
  /** Received minus sent per the index, in the token's smallest unit. */
  readonly indexed: bigint;
}

/** What the node answered for one holder: a balance, a refusal, or no answer at all. */
export type NodeBalance =
  | { readonly kind: 'answered'; readonly balance: bigint }
  | { readonly kind: 'refused'; readonly reason: string }
  | { readonly kind: 'failed'; readonly reason: string };

export type HolderCheck =
  | { readonly status: 'matches'; readonly node: bigint }
  /** `difference` = node − indexed: positive when the node holds more than the transfers explain. */
  | { readonly status: 'differs'; readonly node: bigint; readonly difference: bigint }
  | { readonly status: 'unchecked'; readonly reason: string };

export interface CheckedHolder extends IndexedHolder {
  readonly check: HolderCheck;
}

export interface HoldersVerdict {
  readonly holders: readonly CheckedHolder[];
  readonly matched: number;
  readonly differing: number;
  readonly unchecked: number;
}

/** One holder's index sum against the node's answer. */
export function checkHolder(holder: IndexedHolder, node: NodeBalance): HolderCheck {
  if (node.kind === 'refused') return { status: 'unchecked', reason: `balanceOf was refused: ${node.reason}` };
  if (node.kind === 'failed') return { status: 'unchecked', reason: `balanceOf could not be read: ${node.reason}` };
  if (node.balance === holder.indexed) return { status: 'matches', node: node.balance };
  return { status: 'differs', node: node.balance, difference: node.balance - holder.indexed };
}

/**
 * Every holder with its check; `answers` is parallel to `holders` (undefined: not asked, e.g.
 * beyond the number checked, with `notAsked` saying why).
 */
export function checkHolders(
  holders: readonly IndexedHolder[],
  answers: readonly (NodeBalance | undefined)[],
  notAsked = 'not checked against the node',
): HoldersVerdict {
  const checked = holders.map((holder, i): CheckedHolder => {
    const answer = answers[i];
    return { ...holder, check: answer ? checkHolder(holder, answer) : { status: 'unchecked', reason: notAsked } };
  });
  return {
    holders: checked,
    matched: checked.filter((h) => h.check.status === 'matches').length,
    differing: checked.filter((h) => h.check.status === 'differs').length,
    unchecked: checked.filter((h) => h.check.status === 'unchecked').length,
  };
}
