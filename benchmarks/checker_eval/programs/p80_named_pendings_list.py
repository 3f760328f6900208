"""Pendings kept as (name, pending) pairs, waited by unpacking, then read."""

import tilert as tr
from llm.blocks import submit_scale


def main() -> None:
    acts = {"attn": tr.ones((256,)), "mlp": tr.full((256,), 2.0)}
    inflight = [(name, submit_scale(t, 0.5)) for name, t in acts.items()]
    for _name, pend in inflight:
        pend.wait()
    print({name: float(t.to_numpy()[0]) for name, t in acts.items()})


if __name__ == "__main__":
    main()
