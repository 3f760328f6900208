"""A prefix cache entry refreshed in place while a request still reads it."""

from __future__ import annotations

from llmcraft import kernels as k
from llmcraft.host import tiles

import tilert as tr

entries = {"sys": tr.full((8,), 1.0, name="prefix:sys")}
out = tr.zeros((8,))
reading = k.scale(tiles(out), entries["sys"], 3.0).submit()


def refresh(name: str, value: float) -> None:
    k.fill(tiles(entries[name]), value).sync()  # expect: TC103


refresh("sys", 2.0)  # expect-also
reading.wait()
print(out.to_numpy())
