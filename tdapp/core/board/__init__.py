"""core/board"""
