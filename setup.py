"""The one compiled piece: tilert's launch fast path (tilert/_fast.c). Optional: without a C
compiler the install goes on and tilert runs its Python alone (see tilert/_accel.py)."""

import sys

from setuptools import Extension, setup

fast = Extension(
    "tilert._fast",
    ["tilert/_fast.c"],
    libraries=["dl"] if sys.platform == "linux" else [],
    optional=True,
)
setup(ext_modules=[fast])
