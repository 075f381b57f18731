"""Alembic environment: tdapp hands over an open connection (see tdapp.store.migrate).

There is no alembic.ini and no database URL here: the program runs migrations itself, on the
tournament file it is opening, inside the transaction it manages.
"""

from __future__ import annotations

from alembic import context

from tdapp.store.models import Base

connection = context.config.attributes.get("connection")
if connection is None:
    raise RuntimeError("tdapp migrations run through tdapp.store.migrate with a connection")

context.configure(
    connection=connection,
    target_metadata=Base.metadata,
    # SQLite cannot ALTER most things; batch mode rebuilds the table instead.
    render_as_batch=True,
    compare_type=True,
)
with context.begin_transaction():
    context.run_migrations()
