"""Buffers looked up by name in a dict where two names were bound to one tensor (the author
reused the `q` buffer for `k` to save memory); the projection then reads what it writes."""

from __future__ import annotations

from llmforge import kernels as k

import tilert as tr

D = 64


def allocate(share_qk: bool) -> dict[str, tr.Tensor]:
    q = tr.zeros((D,), name="q")
    bufs = {"q": q, "k": q if share_qk else tr.zeros((D,), name="k")}
    bufs["v"] = tr.zeros((D,), name="v")
    return bufs


def project(bufs: dict[str, tr.Tensor], h: tr.Tensor) -> None:
    k.scale(bufs["k"].partition((16,)), h, 0.5).sync()
    k.mul(bufs["q"].partition((16,)), h, bufs["k"]).sync()  # expect: TC101


bufs = allocate(share_qk=True)
project(bufs, tr.ones((D,)))  # expect-also
