"""Prepare the launch arguments first, then print a summary of the output buffer."""

from llmcove import mul

import tilert as tr

n = 8192
gate = tr.full((n,), 0.5)
up = tr.arange(n)
out = tr.zeros((n,), name="mlp_out")

out_tiles = out.partition((1024,))
print(f"mul over {out_tiles.num_tiles} tiles; out: {out.to_numpy()[:2]}")  # expect: TC104
mul(out_tiles, gate, up).sync()
print(out.to_numpy()[:4])
