"""core/scoring"""
