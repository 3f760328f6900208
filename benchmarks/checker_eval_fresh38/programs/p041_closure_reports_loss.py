from trainkit import TILE, sq_accumulate

import tilert as tr


def train(steps: int) -> list[float]:
    residual = tr.full((1024,), 0.5, name="residual")
    loss_buf = tr.zeros((1024,), name="loss_buf")
    history: list[float] = []

    def report() -> None:
        history.append(float(loss_buf.to_numpy().sum()))  # expect: TC102

    for step in range(steps):
        pend = sq_accumulate(loss_buf.partition((TILE,)), residual).submit()
        if step % 2 == 0:
            report()  # expect-also: TC102
        pend.wait()
    return history


print(train(4))
