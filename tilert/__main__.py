"""``python -m tilert doctor`` and ``python -m tilert cache list|clear [NAME ...]``."""

from __future__ import annotations

import argparse
import sys


def _size(n: int) -> str:
    if n < 1024:
        return f"{n} B"
    value, unit = n / 1024, "KiB"
    for bigger in ("MiB", "GiB"):
        if value < 1024:
            break
        value, unit = value / 1024, bigger
    return f"{value:.1f} {unit}"


def _cache(action: str, names: list[str]) -> int:
    from tilert.caches import caches

    found = caches()
    known = {c.name for c in found}
    unknown = [n for n in names if n not in known]
    if unknown:
        print(
            f"python -m tilert cache: no cache named {', '.join(unknown)} "
            f"(the caches: {', '.join(sorted(known))})",
            file=sys.stderr,
        )
        return 2
    chosen = [c for c in found if not names or c.name in names]
    status = 0
    for c in chosen:
        if action == "list":
            files, size = c.usage()
            print(f"{c.name:<9} {files:>6} files {_size(size):>10}  {c.path}  ({c.holds})")
            continue
        try:
            files, size = c.clear()
        except OSError as exc:
            print(f"{c.name}: not cleared: {exc}", file=sys.stderr)
            status = 1
        else:
            print(f"{c.name:<9} removed {files} files ({_size(size)}) from {c.path}")
    return status


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tilert")
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("doctor", help="what tilert finds on this machine and how to fix it")
    cache = commands.add_parser("cache", help="list or clear the compile and autotune caches")
    cache.add_argument("action", choices=("list", "clear"))
    cache.add_argument("names", nargs="*", help="compiled, autotune, cutile (default: all)")
    try:
        args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    except SystemExit as exc:  # usage errors (2) and --help (0), as a status to return
        return exc.code if isinstance(exc.code, int) else 2
    if args.command == "doctor":
        from tilert.doctor import main as doctor

        return doctor()
    return _cache(args.action, args.names)


if __name__ == "__main__":
    sys.exit(main())
