"""Kernel calls specialised with functools.partial (a fixed scale), applied to each head."""

from __future__ import annotations

import functools

from llmkit.kernels import axpy

import tilert as tr


def main() -> None:
    x = tr.ones((128,))
    add_half = functools.partial(axpy, x=x, a=0.5)
    heads = [tr.zeros((128,)) for _ in range(3)]
    for h in heads:
        add_half(h.partition((64,))).sync()
    assert all(h.to_numpy()[0] == 0.5 for h in heads)
    print("heads updated")


if __name__ == "__main__":
    main()
