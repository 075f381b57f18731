"""core/orders: the order model and the paper-order parser.

``parse_order`` / ``parse_orders`` (in :mod:`tdapp.core.orders.parser`) read what people write on
order sheets; :func:`format_order` writes the canonical form back.
"""
