"""Serving loop that polls the launch and does host work until it reports done."""

import numpy as np
from llmbasin import scale

import tilert as tr

VOCAB = 2048


def main() -> None:
    logits = tr.from_numpy(np.random.default_rng(24).standard_normal(VOCAB).astype(np.float32))
    probs = tr.empty((VOCAB,), name="probs")
    pending = scale(probs.partition((512,)), logits, 1.25).submit()
    polls = 0
    while not pending.done():
        polls += 1  # e.g. detokenize the previous step meanwhile
    token = int(np.argmax(probs.to_numpy()))  # expect: TC102
    pending.wait()
    print(polls, token)


if __name__ == "__main__":
    main()
