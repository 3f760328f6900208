"""A layer's view of the KV cache is being written; the host snapshots the whole cache (the
base overlaps the view being written)."""

from __future__ import annotations

from llmkit.kernels import copy

import tilert as tr


def main() -> None:
    kv = tr.zeros((4, 256), name="kv")
    layer = kv[2]
    pending = copy(layer.partition((64,)), tr.ones((256,))).submit()
    snapshot = kv.to_numpy()  # expect: TC102
    pending.wait()
    print(snapshot.sum())


if __name__ == "__main__":
    main()
