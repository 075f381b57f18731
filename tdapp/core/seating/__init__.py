"""core/seating"""
