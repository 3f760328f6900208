"""Each stream of work keeps its last Pending by name; the loop waits one name, reads the other."""

from llmquill.host import tiles, vec
from llmquill.kernels import scale

x = vec(16, 1.0)
bufs = {"attn": vec(16), "mlp": vec(16)}
last: dict[str, object] = {}
for step in range(2):
    for name, buf in bufs.items():
        prev = last.get(name)
        if prev is not None:
            prev.wait()
        last[name] = scale(tiles(buf), x, float(step + 1)).submit()
    if (prev := last.get("attn")) is not None:
        prev.wait()
    print(step, bufs["mlp"].to_numpy()[0])  # expect: TC102
