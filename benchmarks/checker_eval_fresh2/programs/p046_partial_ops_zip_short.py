"""Copies built with a partial and run together with tr.zip — one of them left out."""

from __future__ import annotations

import functools

from llmserve.kernels import copy

import tilert as tr

N = 256


def main() -> None:
    weights = tr.full((N,), 0.5)
    load = functools.partial(copy, src=weights)
    replicas = [tr.empty((N,)) for _ in range(3)]
    ops = [load(r.partition((64,))) for r in replicas]  # expect: TC105
    tr.zip(*ops[:2]).sync()
    print([float(r.to_numpy()[0]) for r in replicas[:2]])


if __name__ == "__main__":
    main()
