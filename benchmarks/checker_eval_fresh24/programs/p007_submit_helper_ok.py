"""Prefill helper that launches the embedding scale and hands back the Pending to the caller."""

import numpy as np
from llmbasin import scale

import tilert as tr

HIDDEN = 1024


def embed_scaled(out: tr.Tensor, emb: tr.Tensor) -> tr.Pending:
    """Launch out = emb * sqrt(hidden); the caller decides when to wait."""
    return scale(out.partition((256,)), emb, float(np.sqrt(HIDDEN))).submit()


def main() -> None:
    emb = tr.from_numpy(np.full(HIDDEN, 0.01, dtype=np.float32))
    hidden = tr.empty((HIDDEN,), name="hidden")
    pending = embed_scaled(hidden, emb)
    pending.wait()
    norm = float(np.linalg.norm(hidden.to_numpy()))
    print(f"hidden norm {norm:.3f}")


if __name__ == "__main__":
    main()
