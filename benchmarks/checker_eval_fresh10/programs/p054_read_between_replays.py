"""A captured step replayed three times; the state is logged between replays, graph open."""

from llmforge import kernels as k
from llmforge.ops import tiles

import tilert as tr
from tilert import f32

state = tr.ones((8,), dtype=f32, name="state")
tmp = tr.zeros((8,), dtype=f32, name="tmp")
with tr.graph() as g:
    g.record(k.scale(tiles(tmp), state, 2.0))
    g.record(k.copy(tiles(state), tmp))
for step in range(3):
    g.launch().wait()
    print(step, state.to_numpy()[0])  # expect: TC102
g.close()
