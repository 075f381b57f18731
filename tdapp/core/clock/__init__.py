"""core/clock"""
