"""Online tables: ``hearts serve`` — play with friends and bots over the network.

One ASGI app (:func:`create_app`, FastAPI on Starlette, served by uvicorn): a lobby over HTTP
JSON, one WebSocket per client for its table (the protocol in docs/protocol.md,
:mod:`hearts.server.protocol`), the tables in play (:mod:`hearts.server.tables`), the bots
thinking in worker processes (:mod:`hearts.server.botpool`), and every table's events kept in
a database as they happen (:mod:`hearts.server.store`: SQLAlchemy and Alembic; SQLite by
default, PostgreSQL by URL). A face of the core: every rule is the core's, and every message to
a client is built from what that client may see (``Game.view(seat)``, or ``Game.public_view()``
for a watcher). It needs the ``serve`` extra (``pip install -e '.[serve]'``).
"""

from __future__ import annotations

from hearts.server.app import create_app
from hearts.server.config import ServerConfig, tune_collector

__all__ = ["ServerConfig", "create_app", "tune_collector"]
