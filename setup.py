"""The optional C accelerator of the trick loop; everything else is in pyproject.toml.

``optional=True``: where it cannot be compiled (no C compiler or no Python headers), the package
installs without it and the engine runs in pure Python (see hearts.hand.core.SPEEDUPS).
"""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "hearts.hand._speedups",
            sources=["src/hearts/hand/_speedups.c"],
            optional=True,
        )
    ]
)
