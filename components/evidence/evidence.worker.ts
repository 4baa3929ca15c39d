/// <reference lib="webworker" />
/**
 * The worker "Check in this browser" runs in: the verifier and its codecs (viem's hashing and
 * secp256k1, blake3) load here, when the reader asks, and never with the page. One message in (a
 * CheckRequest), one out (its CheckResult).
 */
import { runCheck, type CheckRequest } from '@/lib/evidence/run-check';

const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.onmessage = (event: MessageEvent<CheckRequest>) => {
  void runCheck(event.data).then((result) => scope.postMessage(result));
};
