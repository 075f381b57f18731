"""core/tournament"""
