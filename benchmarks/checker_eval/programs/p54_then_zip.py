"""Two independent chains zipped and synced together."""

import tilert as tr
from llm.kernels import relu, residual, scale


def main() -> None:
    q, k = tr.ones((256,)), tr.full((256,), -1.0)
    dq, dk = tr.full((256,), 0.5), tr.full((256,), 3.0)
    a = residual(q.partition((64,)), dq).then(lambda qp, *_: scale(qp, 2.0))
    b = residual(k.partition((64,)), dk).then(lambda kp, *_: relu(kp))
    tr.zip(a, b).sync()
    print(q.to_numpy()[0], k.to_numpy()[0])


if __name__ == "__main__":
    main()
