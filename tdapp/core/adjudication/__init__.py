"""core/adjudication"""
