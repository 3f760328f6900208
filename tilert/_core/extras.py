"""What to ``pip install`` for one of the distribution's extras, said so that it works wherever
tilert came from (a wheel, an sdist, a checkout): the extra's requirements as the installed
metadata pins them, rather than ``pip install -e '.[gpu]'``, which needs a checkout, or
``tilecheck[gpu]``, which needs a package index that has tilecheck."""

from __future__ import annotations

import re
from importlib import metadata

DISTRIBUTION = "tilecheck"  # the distribution that holds tilert (pyproject.toml)
_EXTRA = re.compile(r"""extra\s*==\s*['"]([^'"]+)['"]""")


def installed() -> metadata.Distribution | None:
    """tilert's installed distribution; None when tilert runs from a folder on sys.path."""
    try:
        return metadata.distribution(DISTRIBUTION)
    except metadata.PackageNotFoundError:
        return None


def requirements(extra: str, distribution: metadata.Distribution | None) -> list[str]:
    """The requirements ``extra`` adds in ``distribution``'s metadata, markers left out."""
    found = []
    for line in (distribution.requires or []) if distribution is not None else []:
        requirement, _, marker = line.partition(";")
        named = _EXTRA.search(marker)
        if named is not None and named.group(1) == extra:
            found.append(requirement.replace(" ", ""))
    return found


def install_command(extra: str, distribution: metadata.Distribution | None = None) -> str:
    """``pip install 'req' ...`` for ``extra`` of ``distribution`` (tilert's by default), or the
    checkout's editable install of it when tilert is not installed at all."""
    found = requirements(extra, distribution or installed())
    if not found:
        return f"pip install -e '.[{extra}]' in tilert's checkout"
    return "pip install " + " ".join(f"'{r}'" for r in found)
