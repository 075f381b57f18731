"""Printable and spreadsheet documents (reportlab PDF, openpyxl Excel, CSV).

Builders take plain data (``tdapp.reports.data``) and write files atomically; they never touch
the database, so services gather the data and the GUI runs builds in a worker.
"""
