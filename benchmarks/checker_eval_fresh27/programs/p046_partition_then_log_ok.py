"""Summarize the output buffer, then partition it and launch."""

from llmcove import mul

import tilert as tr

n = 8192
gate = tr.full((n,), 0.5)
up = tr.arange(n)
out = tr.zeros((n,), name="mlp_out")

print(f"out before: {out.to_numpy()[:2]}")
out_tiles = out.partition((1024,))
print(f"launching mul over {out_tiles.num_tiles} tiles of {out_tiles.tile_shape}")
mul(out_tiles, gate, up).sync()
print(out.to_numpy()[:4])
