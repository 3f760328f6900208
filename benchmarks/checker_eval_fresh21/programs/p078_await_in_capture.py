"""An async decode step captured in a graph, the warm-up awaited inside the capture."""

import asyncio

import numpy as np
from llmloom import host as H
from llmloom import kernels as K

import tilert as tr


async def capture(x: tr.Tensor, out: tr.Tensor) -> tr.Graph:
    with tr.graph() as g:
        await K.fill(H.tiles(out), 0.0)  # expect: TC111
        g.record(K.accum(H.tiles(out), x))
    return g


async def main() -> None:
    g = await capture(H.upload(np.ones(32)), tr.zeros((32,)))
    g.launch().wait()
    g.close()


asyncio.run(main())
