"""Async prefill per request: an awaited chain, then a read of the request's output."""

import asyncio

import tilert as tr
from llm.kernels import add, relu


async def prefill(req: dict[str, tr.Tensor]) -> float:
    op = add(req["out"].partition((64,)), req["x"], req["bias"]).then(lambda o, *_: relu(o))
    await op
    return float(req["out"].to_numpy()[0])


async def serve(n: int) -> list[float]:
    bias = tr.full((256,), -0.5)
    reqs = [{"x": tr.full((256,), float(i)), "bias": bias, "out": tr.zeros((256,))} for i in range(n)]
    results = []
    for req in reqs:
        results.append(await prefill(req))
    return results


def main() -> None:
    print(asyncio.run(serve(3)))


if __name__ == "__main__":
    main()
