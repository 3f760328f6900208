"""Sync helpers from the package module compose freely: add_into syncs, so the host reads right
after; copies returned by copy_async are collected in a list and all waited."""

import llmroute.paging as pg
import numpy as np

import tilert as tr

a, b = tr.arange(64), tr.ones((64,))
s = tr.zeros((64,), name="sum")
pg.add_into(s, a, b)
assert s.to_numpy()[10] == 11.0
mirrors = [tr.zeros((64,), name=f"m{i}") for i in range(3)]
pend = [pg.copy_async(m, s) for m in mirrors]
[p.wait() for p in pend]
assert all(np.array_equal(m.to_numpy(), s.to_numpy()) for m in mirrors)
print("helpers ok")
