"""The one compiled piece: tilert's launch fast path (tilert/_fast.c). Optional: without a C
compiler the install goes on and tilert runs its Python alone (see tilert/_accel.py)."""

from setuptools import Extension, setup

setup(ext_modules=[Extension("tilert._fast", ["tilert/_fast.c"], optional=True)])
