/** The JSON of POST /api/broadcast. */
export type BroadcastResponse =
  | {
      readonly ok: true;
      /** The hash the node returned. */
      readonly hash: string;
      /** keccak256(raw), computed here: what the node must return. */
      readonly expectedHash: string;
      readonly zone: string;
      readonly zoneLabel: string;
    }
  | { readonly ok: false; readonly error: string; readonly problems?: readonly string[] };
