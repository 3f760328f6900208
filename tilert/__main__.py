"""``python -m tilert doctor``."""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args[:1] == ["doctor"]:
        from tilert.doctor import main as doctor

        return doctor()
    print("usage: python -m tilert doctor", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
