"""An asyncio worker pulling requests off a queue; a request cancelled while its step was being
submitted is skipped, and its Pending is dropped without a wait."""

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
        pending = scale_into(req.out.partition((16,)), req.prompt, 3.0).submit()  # expect: TC108
        if req.cancelled:
            continue
        await pending
        done.append(req.rid)


async def main() -> None:
    queue: asyncio.Queue[Request | None] = asyncio.Queue()
    done: list[int] = []
    for rid in range(3):
        await queue.put(Request(rid, tr.ones((32,)), cancelled=rid == 1))
    await queue.put(None)
    await worker(queue, done)  # expect-also: TC108
    print("served", done)


asyncio.run(main())
