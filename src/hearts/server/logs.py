"""The log of ``hearts serve``: each line with its time, its level and who said it.

:func:`log_config` is the logging configuration ``hearts serve`` hands uvicorn (which applies
it as it starts): the server's own lines (the ``hearts`` loggers, ``hearts.server`` among
them, from INFO), uvicorn's and everything else's (from WARNING) go to standard error as::

    2026-12-06 11:20:49 INFO hearts.server: 3 tables resumed from the store
    2026-12-06 11:20:51 ERROR hearts.server: table Xr4pQ2mL8sVa: a move could not be stored: ...
    2026-12-06 11:20:53 WARNING uvicorn.error: Invalid HTTP request received.

the time local, to the second. uvicorn's access lines, when its level lets them through,
take the same form on standard output.

>>> import logging.config
>>> config = log_config()
>>> config["formatters"]["default"]["format"]
'%(asctime)s %(levelname)s %(name)s: %(message)s'
>>> logging.Formatter(FORMAT, DATE_FORMAT).format(
...     logging.makeLogRecord({"name": "hearts.server", "levelname": "WARNING",
...                            "msg": "the store is back", "created": 0.0})
... )[19:]
' WARNING hearts.server: the store is back'
"""

from __future__ import annotations

from typing import Any, Final

__all__ = ["DATE_FORMAT", "FORMAT", "log_config"]

FORMAT: Final = "%(asctime)s %(levelname)s %(name)s: %(message)s"
"""A line of the log: when, how grave, who, what."""

DATE_FORMAT: Final = "%Y-%m-%d %H:%M:%S"
"""When, to the second (local time)."""

_ACCESS: Final = (
    '%(asctime)s %(levelname)s %(name)s: %(client_addr)s - "%(request_line)s" %(status_code)s'
)


def log_config(level: str = "INFO") -> dict[str, Any]:
    """The logging configuration of a server (:func:`logging.config.dictConfig`'s form, which
    uvicorn takes as ``log_config``): the ``hearts`` loggers from ``level``, uvicorn's as
    uvicorn's own ``log_level`` says, anything else (the root) from WARNING; each line with
    its time and level (:data:`FORMAT`). Loggers it does not name keep working."""
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": {
            "default": {"format": FORMAT, "datefmt": DATE_FORMAT},
            "access": {
                "()": "uvicorn.logging.AccessFormatter",
                "fmt": _ACCESS,
                "datefmt": DATE_FORMAT,
                "use_colors": False,
            },
        },
        "handlers": {
            "default": {
                "class": "logging.StreamHandler",
                "formatter": "default",
                "stream": "ext://sys.stderr",
            },
            "access": {
                "class": "logging.StreamHandler",
                "formatter": "access",
                "stream": "ext://sys.stdout",
            },
        },
        "root": {"handlers": ["default"], "level": "WARNING"},
        "loggers": {
            "hearts": {"level": level},
            "uvicorn": {"handlers": ["default"], "level": "INFO", "propagate": False},
            "uvicorn.error": {"level": "INFO"},
            "uvicorn.access": {"handlers": ["access"], "level": "INFO", "propagate": False},
        },
    }
