"""An asyncio server that captures the decode graph on first request: inside the capture the
coroutine awaits the embedding op instead of recording it."""

import asyncio

from llmroute import kernels as K

import tilert as tr

embed = tr.zeros((64,), name="embed")
hidden = tr.zeros((64,), name="hidden")
table = tr.arange(64)


async def capture():
    with tr.graph() as g:
        await K.copy(embed.partition((16,)), table)  # expect: TC111
        g.record(K.silu(hidden.partition((16,)), embed))
    return g


async def serve():
    g = await capture()  # expect-also
    for _ in range(3):
        await g.launch()
    g.close()


asyncio.run(serve())
