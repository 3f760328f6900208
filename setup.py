"""The one compiled piece: tilert's launch fast path, ``tilert._fast``, built from the C files of
tilert/_fast_src/ (fast.h says what each does). Optional: without a C compiler the install goes
on and tilert runs its Python alone (see tilert/_accel.py)."""

import sys
from pathlib import Path

from setuptools import Extension, setup

HERE = Path(__file__).resolve().parent
SOURCES = "tilert/_fast_src"  # setuptools wants paths relative to this folder, "/"-separated
if not (HERE / "src" / "tilert").is_dir():  # src/ holds links to the packages (pyproject.toml)
    sys.exit("src/tilert is not a folder: clone with symlinks (git config core.symlinks true)")

fast = Extension(
    "tilert._fast",
    sorted(p.relative_to(HERE).as_posix() for p in (HERE / SOURCES).glob("*.c")),
    # the shared header: a change rebuilds every file, and the sdist carries it
    depends=[f"{SOURCES}/fast.h"],
    # the files share tf_* symbols among themselves: only PyInit__fast is exported
    extra_compile_args=[] if sys.platform == "win32" else ["-fvisibility=hidden"],
    libraries=["dl"] if sys.platform == "linux" else [],
    optional=True,
)
setup(ext_modules=[fast])
