"""Candidates ranked with sorted(key=...) reading each score, after wait_all over a generator."""

from llmrig import kernels as K
from llmrig.host import tiles, wait_all

import tilert as tr

x = tr.arange(128)
scores = {name: tr.zeros(128) for name in ("a", "b", "c")}
factor = {"a": 0.5, "b": 3.0, "c": 1.0}
pend = [K.scale(tiles(t), x, factor[n]).submit() for n, t in scores.items()]
wait_all(p for p in pend)
ranked = sorted(scores, key=lambda n: float(scores[n].to_numpy().max()), reverse=True)
assert ranked == ["b", "c", "a"]
