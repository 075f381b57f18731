"""The JSON subcommands of ``tdapp`` (see ../shared/CONTRACTS.md)."""
