import asyncio

from llmhost.kernels import scale

import tilert as tr


async def main() -> None:
    x = tr.ones((64,))
    outs = [tr.zeros((64,)) for _ in range(3)]
    pendings = []
    for i, o in enumerate(outs):
        with tr.Stream():
            pendings.append(scale(o.partition((16,)), x, float(i)).submit())
    await asyncio.gather(*(asyncio.ensure_future(p) for p in pendings))
    assert [float(o.to_numpy()[0]) for o in outs] == [0.0, 1.0, 2.0]
    print("gather ok")


asyncio.run(main())
