"""An asyncio engine with a metrics task that samples the hidden state; the engine task has
submitted its step and yields to the loop before waiting it."""

import asyncio

from llmroute import kernels as K

import tilert as tr

hidden = tr.zeros((64,), name="hidden")
x = tr.arange(64)
stats = []


async def engine():
    pending = K.silu(hidden.partition((16,)), x).submit()
    await asyncio.sleep(0)  # let other tasks run while the step is in flight
    await pending


async def monitor():
    stats.append(float(hidden.to_numpy().mean()))  # expect: TC102


async def main():
    await asyncio.gather(engine(), monitor())  # expect-also


asyncio.run(main())
