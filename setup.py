"""The optional C accelerators (the trick loop's, and the vector environment's stepping that
drives it); everything else is in pyproject.toml.

``optional=True``: where they cannot be compiled (no C compiler or no Python headers), the
package installs without them and the engine runs in pure Python (see hearts.hand.core.SPEEDUPS
and hearts.envs.vector).
"""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "hearts.hand._speedups",
            sources=["src/hearts/hand/_speedups.c"],
            optional=True,
        ),
        Extension(
            "hearts.envs._vector",
            sources=["src/hearts/envs/_vector.c"],
            optional=True,
        ),
    ]
)
