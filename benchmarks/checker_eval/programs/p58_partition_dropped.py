"""A partition made for a launch that is skipped is deleted before the buffer is read."""

import tilert as tr
from llm.kernels import scale


def main(skip: bool = True) -> None:
    buf = tr.ones((256,))
    part = buf.partition((64,))
    if skip:
        del part
    else:
        scale(part, 2.0).sync()
    print(buf.to_numpy()[0])


if __name__ == "__main__":
    main()
