"""Per-head projections built in a dict comprehension, run as one `tr.zip`, then read."""

from llmweave.kernels import scale

import tilert as tr

x = tr.ones((64,))
heads = {f"h{i}": tr.zeros((64,)) for i in range(3)}
ops = {name: scale(b.partition((16,)), x, float(i)) for i, (name, b) in enumerate(heads.items())}
tr.zip(*ops.values()).sync()
assert [float(b.to_numpy()[0]) for b in heads.values()] == [0.0, 1.0, 2.0]
print("zip ok")
