"""Warm-up: a helper builds the bias-add op; the caller believes the helper ran it."""

from __future__ import annotations

from llmdeck.kernels import add

import tilert as tr

N = 64


def bias_add(out: tr.Tensor, x: tr.Tensor, bias: tr.Tensor) -> tr.Op:
    return add(out.partition((16,)), x, bias)  # expect: TC105


def main() -> None:
    x, bias, out = tr.arange(N), tr.ones((N,)), tr.zeros((N,))
    bias_add(out, x, bias)  # expect-also
    print(out.to_numpy()[:4])


main()
