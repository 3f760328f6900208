"""Beam reordering by a permutation: beam j's buffer is rewritten from its parent's buffer, and
the permutation keeps beam 0 where it was."""

from llmweave.kernels import copy

import tilert as tr

beams = [tr.full((64,), float(b)) for b in range(3)]
parents = [0, 0, 1]
for j in reversed(range(3)):
    src = beams[parents[j]]
    copy(beams[j].partition((16,)), src).sync()  # expect: TC101
print([b.to_numpy()[0] for b in beams])
