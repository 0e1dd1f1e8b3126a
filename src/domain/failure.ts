/** Why a call failed, as the screen words it (docs/product.md#a-failed-action): the status and what the server said. */
export interface ActionFailure {
  /** null: not an answer of the server (a fault of ours). */
  status: number | null;
  detail: string | null;
  /** The contract's Error.error: on 409 the text to show. */
  error: string | null;
}
