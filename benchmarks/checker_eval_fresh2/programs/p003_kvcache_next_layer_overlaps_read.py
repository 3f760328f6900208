"""Layer-by-layer prefill: write layer L+1's cache row while the host inspects layer L's."""

from __future__ import annotations

from llmserve.kernels import fill

import tilert as tr

LAYERS, SEQ, DIM = 6, 4, 64

kv = tr.zeros((LAYERS, SEQ, DIM), name="kv")


def write_layer(layer: int) -> tr.Pending:
    return fill(kv[layer].partition((1, DIM)), float(layer)).submit()


def main() -> None:
    prev = write_layer(0)
    for layer in range(1, LAYERS):
        nxt = write_layer(layer)
        prev.wait()
        row = kv[layer - 1].to_numpy()
        assert row[0, 0] == layer - 1, row[0, 0]
        prev = nxt
    prev.wait()
    print("last layer", kv[LAYERS - 1].to_numpy()[0, :3])


if __name__ == "__main__":
    main()
