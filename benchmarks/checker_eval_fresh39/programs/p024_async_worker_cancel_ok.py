"""An asyncio worker pulling requests off a queue; a cancelled request is skipped before its
step is made, so nothing is left in flight."""

import asyncio
from dataclasses import dataclass, field

from servekit import scale_into

import tilert as tr


@dataclass
class Request:
    rid: int
    prompt: tr.Tensor
    out: tr.Tensor = field(default_factory=lambda: tr.zeros((32,)))
    cancelled: bool = False


async def worker(queue: asyncio.Queue[Request | None], done: list[int]) -> None:
    while True:
        req = await queue.get()
        if req is None:
            return
        if req.cancelled:
            continue
        pending = scale_into(req.out.partition((16,)), req.prompt, 3.0).submit()
        await pending
        done.append(req.rid)


async def main() -> None:
    queue: asyncio.Queue[Request | None] = asyncio.Queue()
    done: list[int] = []
    for rid in range(3):
        await queue.put(Request(rid, tr.ones((32,)), cancelled=rid == 1))
    await queue.put(None)
    await worker(queue, done)
    print("served", done)


asyncio.run(main())
