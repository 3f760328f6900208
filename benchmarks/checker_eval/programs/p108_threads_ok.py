"""Worker threads each sync an op on their own buffer; the results are read after the join."""

from concurrent.futures import ThreadPoolExecutor

import tilert as tr
from llm.kernels import fill


def work(buf: tr.Tensor, value: float) -> float:
    fill(buf.partition((64,)), value).sync()
    return float(buf.to_numpy()[0])


def main() -> None:
    bufs = [tr.zeros((256,)) for _ in range(4)]
    with ThreadPoolExecutor(max_workers=4) as pool:
        values = list(pool.map(work, bufs, [float(i) for i in range(4)]))
    print(values, [float(b.to_numpy()[0]) for b in bufs])


if __name__ == "__main__":
    main()
