"""The embedding is normalised in place while a submitted op still reads it."""

from __future__ import annotations

from llmkit.kernels import copy, scale

import tilert as tr


def main() -> None:
    emb = tr.full((256,), 4.0, name="emb")
    cache = tr.zeros((256,), name="cache")
    pending = copy(cache.partition((64,)), emb).submit()
    scale(emb.partition((64,)), 0.25).sync()  # expect: TC103
    pending.wait()


if __name__ == "__main__":
    main()
