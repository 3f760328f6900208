"""Each stream of work keeps its last Pending by name; each read follows that name's wait."""

from llmquill.host import tiles, vec
from llmquill.kernels import scale

x = vec(16, 1.0)
bufs = {"attn": vec(16), "mlp": vec(16)}
last: dict[str, object] = {}
seen = []
for step in range(2):
    for name, buf in bufs.items():
        prev = last.get(name)
        if prev is not None:
            prev.wait()
        last[name] = scale(tiles(buf), x, float(step + 1)).submit()
    for name in bufs:
        if (prev := last.pop(name, None)) is not None:
            prev.wait()
        seen.append(float(bufs[name].to_numpy()[0]))
assert seen == [1.0, 1.0, 2.0, 2.0]
