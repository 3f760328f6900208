"""Beam reorder into a fresh bank: each new beam copies its parent (any parent, repeats
allowed) from the old bank, so no copy reads what it writes; the banks swap after the wait."""

from llmweave.kernels import copy

import tilert as tr

old = [tr.full((64,), float(b)) for b in range(3)]
new = [tr.zeros((64,)) for _ in range(3)]
parents = [2, 2, 0]
flights = [
    copy(dst.partition((16,)), old[parent]).submit()
    for dst, parent in zip(new, parents, strict=True)
]
for f in flights:
    f.wait()
old, new = new, old
assert [float(b.to_numpy()[0]) for b in old] == [2.0, 2.0, 0.0]
print("reordered")
