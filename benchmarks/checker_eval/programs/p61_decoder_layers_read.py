"""A decoder: each layer's forward submits into its cache; layer 0's cache is logged early."""

import tilert as tr
from llm.kernels import axpy


class DecoderLayer:
    def __init__(self, seq: int) -> None:
        self.k_cache = tr.zeros((seq,))
        self.v_cache = tr.zeros((seq,))

    def forward(self, tok: tr.Tensor) -> tuple[tr.Pending, tr.Pending]:
        pk = axpy(self.k_cache.partition((64,)), tok, 1.0).submit()
        pv = axpy(self.v_cache.partition((64,)), tok, 2.0).submit()
        return pk, pv


def main() -> None:
    layers = [DecoderLayer(256) for _ in range(3)]
    tok = tr.ones((256,))
    inflight = []
    for layer in layers:
        inflight.extend(layer.forward(tok))
    print("k0", layers[0].k_cache.to_numpy()[0])  # expect: TC102
    for p in inflight:
        p.wait()


if __name__ == "__main__":
    main()
