"""The store's Alembic migrations (run by Store.upgrade; no alembic.ini)."""
